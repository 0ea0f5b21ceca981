import { describe, expect, it, vi } from 'vitest';
import { paths } from '../config/paths.ts';
import { notificationsQueryOptions } from '../features/notifications/api/get-notifications.ts';
import { claimStatusQueryOptions } from '../features/packages/api/get-claim-status.ts';
import { walletBalanceQueryOptions } from '../features/wallet/api/get-wallet-balance.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { signInAs } from '../testing/render.tsx';
import { server } from '../testing/server.ts';
import { FRAME_REQUESTS, SCREEN_REQUESTS } from './first-screen.ts';
import { prefetchFirstScreen } from './prefetch.ts';
import { PUBLIC_PATHS } from './public-paths.ts';

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
    void prefetchFirstScreen(client, paths.dashboard);
    await vi.waitFor(() => {
      expect(client.getQueryData(claimStatusQueryOptions().queryKey)).toBeDefined();
      expect(client.getQueryData(walletBalanceQueryOptions().queryKey)).toEqual({
        primary_wallet: 1250.5,
        profit_wallet: 42.123456,
      });
    });
    expect(cachedKeys(client)).toHaveLength(6);
  });

  it('asks for exactly what the early script sends, so each of its answers is used', async () => {
    signInAs();
    const asked: string[] = [];
    const record = ({ request }: { request: Request }) => {
      asked.push(new URL(request.url).pathname.replace(/^\/api\/v1\//, ''));
    };
    server.events.on('request:start', record);
    try {
      await prefetchFirstScreen(createQueryClient(), paths.dashboard);
      await prefetchFirstScreen(createQueryClient(), paths.packages);
    } finally {
      server.events.removeListener('request:start', record);
    }
    const dashboard = [...FRAME_REQUESTS, ...SCREEN_REQUESTS[paths.dashboard]!];
    expect(asked.slice(0, dashboard.length).sort()).toEqual(dashboard.sort());
    expect(asked.slice(dashboard.length).sort()).toEqual([...FRAME_REQUESTS].sort());
  });

  it("fetches only the frame's data on another signed-in screen", () => {
    signInAs();
    const client = createQueryClient();
    void prefetchFirstScreen(client, paths.packages);
    expect(cachedKeys(client)).toEqual(
      [walletBalanceQueryOptions().queryKey, notificationsQueryOptions().queryKey]
        .map((key) => key.join('/'))
        .sort(),
    );
  });

  it('fetches nothing for a visitor, nor on the public screens', () => {
    const visitor = createQueryClient();
    void prefetchFirstScreen(visitor, paths.dashboard);
    expect(cachedKeys(visitor)).toEqual([]);

    signInAs();
    const member = createQueryClient();
    for (const path of PUBLIC_PATHS) {
      void prefetchFirstScreen(member, path);
    }
    expect(cachedKeys(member)).toEqual([]);
  });
});
