import { delay, http } from 'msw';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../config/paths.ts';
import { walletBalanceQueryOptions } from '../features/wallet/api/get-wallet-balance.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { apiUrl, ok } from '../testing/handlers.ts';
import { signInAs } from '../testing/render.tsx';
import { server } from '../testing/server.ts';
import { FIRST_RENDER_WAIT_MS, firstScreenReady } from './first-render.ts';

/** A router whose screens' code takes `codeMs` to arrive, as a lazy route chunk does. */
function routerAt(path: string, codeMs = 0) {
  const Component = () => null;
  const lazy = async () => {
    await delay(codeMs);
    return { Component };
  };
  return createMemoryRouter(
    [
      { path: paths.signIn, Component },
      { path: paths.dashboard, lazy },
      { path: paths.packages, lazy },
    ],
    { initialEntries: [path] },
  );
}

afterEach(() => vi.useRealTimers());

/** A member whose balance never answers, with the clock in the test's hands. */
function signedInWithLateData() {
  signInAs();
  server.use(
    http.get(apiUrl('auth/wallet-balance'), async () => {
      await delay('infinite');
      return ok({ primary_wallet: 0, profit_wallet: 0 });
    }),
  );
  vi.useFakeTimers({ toFake: ['setTimeout'] });
}

describe('firstScreenReady', () => {
  // Each case makes one of the two the later, so leaving either out fails one of them.
  it.each([
    { codeMs: 250, dataMs: 0 },
    { codeMs: 0, dataMs: 250 },
  ])(
    "waits for the screen's code and its data, so the first render has both ($codeMs ms, $dataMs ms)",
    async ({ codeMs, dataMs }) => {
      signInAs();
      server.use(
        http.get(apiUrl('auth/wallet-balance'), async () => {
          await delay(dataMs);
          return ok({ primary_wallet: 7, profit_wallet: 1 });
        }),
      );
      const router = routerAt(paths.packages, codeMs);
      const client = createQueryClient();
      await firstScreenReady(router, client, paths.packages);
      expect(router.state.initialized).toBe(true);
      expect(client.getQueryData(walletBalanceQueryOptions().queryKey)).toEqual({
        primary_wallet: 7,
        profit_wallet: 1,
      });
    },
  );

  it('renders after FIRST_RENDER_WAIT_MS when the data is late; skeletons show the rest', async () => {
    signedInWithLateData();
    let ready = false;
    void firstScreenReady(routerAt(paths.packages), createQueryClient(), paths.packages).then(
      () => (ready = true),
    );
    await vi.advanceTimersByTimeAsync(FIRST_RENDER_WAIT_MS - 1);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toBe(true);
  });

  it('waits for the code however long when the page shows the frame, for the data 1.5 s', async () => {
    signedInWithLateData();
    const router = routerAt(paths.packages, 3 * FIRST_RENDER_WAIT_MS);
    let ready = false;
    void firstScreenReady(router, createQueryClient(), paths.packages, {
      pageShowsFrame: true,
    }).then(() => (ready = true));
    await vi.advanceTimersByTimeAsync(3 * FIRST_RENDER_WAIT_MS - 1);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(router.state.initialized).toBe(true);
    expect(ready).toBe(true);
  });

  it("asks for nothing on a visitor's sign-in screen", async () => {
    const client = createQueryClient();
    await firstScreenReady(routerAt(paths.signIn), client, paths.signIn);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
