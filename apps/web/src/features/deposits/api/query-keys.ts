import type { DepositHistoryFilter } from '../hooks/use-deposit-history-query.ts';

/** Every deposit query starts with 'deposits', so a new deposit or hash refreshes them all. */
export const depositKeys = {
  all: ['deposits'],
  providers: () => [...depositKeys.all, 'providers'] as const,
  history: (query: DepositHistoryFilter) => [...depositKeys.all, 'history', query] as const,
} as const;
