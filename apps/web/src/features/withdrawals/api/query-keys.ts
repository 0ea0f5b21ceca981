import type { withdrawalHistQuery } from '@app/contracts';
import type { z } from 'zod';

/** A withdrawal list query as sent: page and size filled in, filters optional. */
export type WithdrawalListQuery = z.output<typeof withdrawalHistQuery>;

/** Every withdrawal query starts with 'withdrawals', so a new request refreshes them all. */
export const withdrawalKeys = {
  all: ['withdrawals'],
  list: (query: WithdrawalListQuery) => [...withdrawalKeys.all, 'list', query] as const,
} as const;
