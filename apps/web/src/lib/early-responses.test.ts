import { walletBalanceData, writeDollars } from '@app/contracts';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPreloadScript } from '../../build/preload-signed-in.ts';
import { earlyFigure, earlyPaintSource } from './early-figures.ts';
import { env } from '../config/env.ts';
import { apiUrl } from '../testing/handlers.ts';
import { signInAs } from '../testing/render.tsx';
import { server } from '../testing/server.ts';
import { apiClient } from './api-client.ts';
import { closeEarlyResponses, EARLY_RESPONSES_KEY, takeEarlyResponse } from './early-responses.ts';

const balance = { primary_wallet: 10, profit_wallet: 2.5 };

/** Counts the server's wallet-balance requests and the bearer each carried. */
function serveBalance() {
  const bearers: (string | null)[] = [];
  server.use(
    http.get(apiUrl('auth/wallet-balance'), ({ request }) => {
      bearers.push(request.headers.get('authorization'));
      return HttpResponse.json({ status: 'success', message: 'OK', data: balance });
    }),
    http.get(apiUrl('notification'), () =>
      HttpResponse.json({ status: 'success', data: { items: [] } }),
    ),
  );
  return bearers;
}

/** Runs the early script index.html loads, as the browser would on `path`. */
function runEarlyScript(path: string) {
  // Node's fetch wants absolute addresses; the browser resolves the script's against the page.
  const nodeFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
    nodeFetch(new URL(url, window.location.origin), init),
  );
  window.history.pushState({}, '', path);
  const script = buildPreloadScript(
    [],
    {},
    {
      publicPaths: ['/'],
      tokenKey: 'accessToken',
      requests: {
        apiBasePath: env.apiBasePath,
        frame: ['auth/wallet-balance', 'notification'],
        screens: {},
        globalKey: EARLY_RESPONSES_KEY,
      },
      earlyPaint: earlyPaintSource(writeDollars),
    },
  );
  new Function(script)();
  vi.unstubAllGlobals();
}

// A page the early script has not run on yet. The app an earlier test file drew in this worker's
// page closed the early responses once its first screen was up (the web tests share one page per
// worker), and a closed slot makes the script send nothing.
beforeEach(() => Reflect.deleteProperty(window, EARLY_RESPONSES_KEY));
afterEach(() => {
  Reflect.deleteProperty(window, EARLY_RESPONSES_KEY);
  window.history.pushState({}, '', '/');
});

describe('early responses', () => {
  it('answer the first GET of their path once; the next one asks the server', async () => {
    signInAs();
    const bearers = serveBalance();
    runEarlyScript('/packages');
    const get = () => apiClient.get('auth/wallet-balance', { schema: walletBalanceData });
    await expect(get()).resolves.toMatchObject({ data: balance });
    expect(bearers).toEqual(['Bearer test-token']);
    await get();
    expect(bearers).toHaveLength(2);
  });

  it('are not used by another session than the one that sent them', async () => {
    signInAs(undefined, 'first-token');
    const bearers = serveBalance();
    runEarlyScript('/packages');
    signInAs(undefined, 'second-token');
    await apiClient.get('auth/wallet-balance', { schema: walletBalanceData });
    await vi.waitFor(() => expect(bearers).toHaveLength(2));
    expect(bearers.sort()).toEqual(['Bearer first-token', 'Bearer second-token']);
    expect(takeEarlyResponse('auth/wallet-balance', 'second-token')).toBeNull();
  });

  it('are dropped once the first screen is drawn, even when the script runs only then', async () => {
    signInAs();
    const bearers = serveBalance();
    runEarlyScript('/packages');
    await vi.waitFor(() => expect(bearers).toHaveLength(1));
    closeEarlyResponses();
    await apiClient.get('auth/wallet-balance', { schema: walletBalanceData });
    expect(bearers).toHaveLength(2);

    runEarlyScript('/packages');
    expect(takeEarlyResponse('auth/wallet-balance', 'test-token')).toBeNull();
    expect(bearers).toHaveLength(2);
  });

  it('are none without the early script', () => {
    expect(takeEarlyResponse('auth/wallet-balance', 'test-token')).toBeNull();
  });

  it("draw the dashboard's wallets into the frame before the app, and the app still reads them", async () => {
    signInAs();
    serveBalance();
    const frame = document.createElement('div');
    const place = (attributes: Record<string, string>) => {
      const element = document.createElement('h4');
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      element.innerHTML = '<span class="skeleton"></span>';
      return frame.appendChild(element);
    };
    const shown = { request: 'auth/wallet-balance', path: '/dashboard' };
    const title = place(earlyFigure({ ...shown, text: 'Profit Wallet' }));
    const figure = place(earlyFigure({ ...shown, field: 'profit_wallet', decimals: 2 }));
    const header = place(
      earlyFigure({ request: 'auth/wallet-balance', field: 'primary_wallet', decimals: 4 }),
    );
    document.body.append(frame);
    try {
      runEarlyScript('/dashboard');
      await vi.waitFor(() => expect(figure.textContent).toBe('$2.50'));
      expect(title.textContent).toBe('Profit Wallet');
      expect(header.textContent).toBe('$10.0000');
      // The script read a copy: the app's own request takes the answer whole.
      await expect(
        apiClient.get('auth/wallet-balance', { schema: walletBalanceData }),
      ).resolves.toMatchObject({ data: balance });
    } finally {
      frame.remove();
    }
  });

  it('draw nothing into places meant for another screen', async () => {
    signInAs();
    serveBalance();
    const figure = document.createElement('h4');
    for (const [name, value] of Object.entries(
      earlyFigure({
        request: 'auth/wallet-balance',
        path: '/dashboard',
        field: 'primary_wallet',
        decimals: 2,
      }),
    ))
      figure.setAttribute(name, value);
    document.body.append(figure);
    try {
      runEarlyScript('/packages');
      await apiClient.get('auth/wallet-balance', { schema: walletBalanceData });
      expect(figure.textContent).toBe('');
    } finally {
      figure.remove();
    }
  });
});
