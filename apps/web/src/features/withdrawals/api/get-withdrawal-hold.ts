import { withdrawalHoldData } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';

/** setTimeout's longest delay (about 24.8 days); a 30-day hold is read again at that point. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;
/** A hold that should have ended by this browser's clock is asked about at most once a minute. */
const SHORTEST_WAIT_MS = 60_000;

/** GET auth/withdrawal-hold → when withdrawals may resume after a security change, or null. */
export const getWithdrawalHold = (signal?: AbortSignal) =>
  apiClient.get('auth/withdrawal-hold', { schema: withdrawalHoldData, signal });

/** How long until the hold ends, to read it again then; false while there is none. */
function waitForTheEnd(heldUntil: string | null | undefined): number | false {
  const wait = heldUntil ? Date.parse(heldUntil) - Date.now() : Number.NaN;
  return Number.isNaN(wait) ? false : Math.min(Math.max(wait, SHORTEST_WAIT_MS), LONGEST_WAIT_MS);
}

export const withdrawalHoldQueryOptions = () =>
  queryOptions({
    queryKey: sharedQueryKeys.withdrawalHold,
    queryFn: ({ signal }) => getWithdrawalHold(signal).then(({ data }) => data),
    // A password change or the second factor turned off on another screen starts a hold too:
    // the withdrawal screen asks each time it opens instead of trusting a cached answer.
    staleTime: 0,
    // Read again when the hold ends, so the form comes back without a reload.
    refetchInterval: (query) => waitForTheEnd(query.state.data?.heldUntil),
  });

export const useWithdrawalHold = () => useQuery(withdrawalHoldQueryOptions());
