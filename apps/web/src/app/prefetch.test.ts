import { describe, expect, it, vi } from 'vitest';
import { paths } from '../config/paths.ts';
import { notificationsQueryOptions } from '../features/notifications/api/get-notifications.ts';
import { claimStatusQueryOptions } from '../features/packages/api/get-claim-status.ts';
import { walletBalanceQueryOptions } from '../features/wallet/api/get-wallet-balance.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { signInAs } from '../testing/render.tsx';
import { prefetchFirstScreen } from './prefetch.ts';

const cachedKeys = (client: ReturnType<typeof createQueryClient>) =>
  client
    .getQueryCache()
    .getAll()
    .map((query) => query.queryKey.join('/'))
    .sort();

describe('prefetchFirstScreen', () => {
  it("fetches the frame's and the dashboard's data for a signed-in member", async () => {
    signInAs();
    const client = createQueryClient();
    prefetchFirstScreen(client, paths.dashboard);
    await vi.waitFor(() => {
      expect(client.getQueryData(claimStatusQueryOptions().queryKey)).toBeDefined();
      expect(client.getQueryData(walletBalanceQueryOptions().queryKey)).toEqual({
        primary_wallet: 1250.5,
        profit_wallet: 42.123456,
      });
    });
    expect(cachedKeys(client)).toHaveLength(5);
  });

  it("fetches only the frame's data on another signed-in screen", () => {
    signInAs();
    const client = createQueryClient();
    prefetchFirstScreen(client, paths.packages);
    expect(cachedKeys(client)).toEqual(
      [walletBalanceQueryOptions().queryKey, notificationsQueryOptions().queryKey]
        .map((key) => key.join('/'))
        .sort(),
    );
  });

  it('fetches nothing for a visitor, nor on the public screens', () => {
    const visitor = createQueryClient();
    prefetchFirstScreen(visitor, paths.dashboard);
    expect(cachedKeys(visitor)).toEqual([]);

    signInAs();
    const member = createQueryClient();
    for (const path of [paths.signIn, paths.login, paths.register, paths.verifyOtp]) {
      prefetchFirstScreen(member, path);
    }
    expect(cachedKeys(member)).toEqual([]);
  });
});
