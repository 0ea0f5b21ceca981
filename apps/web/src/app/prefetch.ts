import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../config/paths.ts';
import { meQueryOptions } from '../features/auth/api/get-me.ts';
import { notificationsQueryOptions } from '../features/notifications/api/get-notifications.ts';
import { claimStatusQueryOptions } from '../features/packages/api/get-claim-status.ts';
import { uniqueReferralQueryOptions } from '../features/referral/api/get-unique-referral.ts';
import { walletBalanceQueryOptions } from '../features/wallet/api/get-wallet-balance.ts';
import { getAccessToken } from '../lib/auth-store.ts';
import { PUBLIC_PATHS } from './public-paths.ts';

/**
 * On the first load of a signed-in screen, asks for the data the frame (balances,
 * notifications) and the dashboard show while their code is still downloading, instead of
 * after it has run: the answers are in the cache (fresh for the client's stale time) when the
 * components mount, so nothing is fetched twice.
 */
export function prefetchFirstScreen(queryClient: QueryClient, pathname: string): void {
  if (!getAccessToken() || PUBLIC_PATHS.includes(pathname)) return;
  void queryClient.prefetchQuery(walletBalanceQueryOptions());
  void queryClient.prefetchQuery(notificationsQueryOptions());
  if (pathname === paths.dashboard) {
    void queryClient.prefetchQuery(meQueryOptions());
    void queryClient.prefetchQuery(claimStatusQueryOptions());
    void queryClient.prefetchQuery(uniqueReferralQueryOptions());
  }
}
