import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../config/paths.ts';
import { meQueryOptions } from '../features/auth/api/get-me.ts';
import { notificationsQueryOptions } from '../features/notifications/api/get-notifications.ts';
import { claimStatusQueryOptions } from '../features/packages/api/get-claim-status.ts';
import { uniqueReferralQueryOptions } from '../features/referral/api/get-unique-referral.ts';
import { verificationQueryOptions } from '../features/verification/api/verification.ts';
import { walletBalanceQueryOptions } from '../features/wallet/api/get-wallet-balance.ts';
import { getAccessToken } from '../lib/auth-store.ts';
import { PUBLIC_PATHS } from './public-paths.ts';

/**
 * On the first load of a signed-in screen, puts the data the frame (balances, notifications)
 * and the dashboard show in the cache before they mount (first-screen.ts lists the requests;
 * the early script has usually sent them already). Fresh for the client's stale time, so
 * nothing is fetched twice. Settles once every answer is in, failed or not.
 */
export function prefetchFirstScreen(queryClient: QueryClient, pathname: string): Promise<void> {
  if (!getAccessToken() || PUBLIC_PATHS.includes(pathname)) return Promise.resolve();
  const queries = [
    queryClient.prefetchQuery(walletBalanceQueryOptions()),
    queryClient.prefetchQuery(notificationsQueryOptions()),
  ];
  if (pathname === paths.dashboard) {
    queries.push(
      queryClient.prefetchQuery(meQueryOptions()),
      queryClient.prefetchQuery(claimStatusQueryOptions()),
      queryClient.prefetchQuery(uniqueReferralQueryOptions()),
      queryClient.prefetchQuery(verificationQueryOptions()),
    );
  }
  return Promise.all(queries).then(() => undefined);
}
