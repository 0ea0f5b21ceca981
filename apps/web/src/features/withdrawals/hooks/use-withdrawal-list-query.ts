import { DEFAULT_PAGE_SIZE, WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@app/contracts';
import { useMemo } from 'react';
import { useListParams } from '../../../lib/use-list-params.ts';
import type { WithdrawalListQuery } from '../api/query-keys.ts';

const filterKeys = ['status'] as const;

// A hand-edited address (?status=lost) is ignored rather than sent to be refused.
const readStatus = (value: string | undefined) =>
  (WITHDRAWAL_STATUSES as readonly string[]).includes(value ?? '')
    ? (value as WithdrawalStatus)
    : undefined;

/**
 * A withdrawal list's page and status filter, read from and written to the address; `fixed`
 * is what the screen itself decides (its wallet, or only paid ones for /payout).
 */
export function useWithdrawalListQuery(fixed: Pick<WithdrawalListQuery, 'wallet' | 'status'>) {
  const { page, filters, setPage, setFilters } = useListParams(filterKeys);
  const status = fixed.status ?? readStatus(filters.status);
  const query = useMemo<WithdrawalListQuery>(
    () => ({ page, pageSize: DEFAULT_PAGE_SIZE, wallet: fixed.wallet, status }),
    [page, fixed.wallet, status],
  );
  return { query, status, setPage, setFilters };
}
