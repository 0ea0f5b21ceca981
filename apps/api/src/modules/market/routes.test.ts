import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { klinesData, marketPairsData } from '@app/contracts';
import { startFakeBinance, type FakeBinance } from '../../testing/fake-binance.ts';
import { tokenOf } from '../../testing/members.ts';
import { call } from '../../testing/requests.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';

// The market routes against the local Binance fake (real HTTP on 127.0.0.1), against nothing at
// all (auto falls back to the labelled simulation), and their refusals.

// The feed's cache and its fallback window are timed by the app's clock: the tests move it
// instead of sleeping past an interval. The HTTP timeouts and the fake's slowness are real.
let fake: FakeBinance;
beforeAll(async () => {
  fake = await startFakeBinance();
});
afterAll(() => fake.close());
afterEach(() => {
  fake.mode = 'ok';
  fake.reset();
});

async function appWith(env: Record<string, string>) {
  const t = await createTestApp({ env });
  const memberId = await createRootMember(t.ctx.database);
  const get = async (url: string) =>
    call(t.app, 'GET', url, undefined, { token: await tokenOf(t, memberId) });
  return { t, get };
}

/** A port nothing listens on: the closed fake's. */
async function unreachableUrl(): Promise<string> {
  const gone = await startFakeBinance();
  await gone.close();
  return gone.url;
}

describe('with Binance (the local fake)', () => {
  let t: TestApp;
  let get: (url: string) => ReturnType<typeof call>;
  const POLL_MS = 200;
  beforeAll(async () => {
    ({ t, get } = await appWith({ ...fake.env, MARKET_POLL_MS: String(POLL_MS) }));
  });
  afterAll(() => t.close());
  // Each test starts past the interval of what an earlier one left in the cache.
  beforeEach(() => t.clock.advance(POLL_MS));

  it('parses the 24-hour tickers; pairs Binance does not list have no price', async () => {
    const response = await get('market/pairs');
    expect(response.status).toBe(200);
    const data = marketPairsData.parse(response.body.data);
    expect(data.source).toBe('live');
    expect(data.pairs).toHaveLength(16);
    const btc = data.pairs.find((pair) => pair.symbol === 'btc-usdt');
    expect(btc).toMatchObject({
      base: 'btc',
      displayName: 'btc/usdt',
      apiname: 'bitcoin',
      image: '/api/v1/market/icons/btc.svg',
      high: '69022.875',
      low: '65002.125',
      volume: '12345.678',
      available: true,
      source: 'live',
    });
    // The fake's price moves 0.01 % with each ticker request it has answered.
    expect(Number(btc?.rate)).toBeGreaterThan(67_012.5);
    expect(Number(btc?.rate)).toBeLessThan(67_012.5 * 1.01);
    for (const symbol of ['bsv-usdt', 'eos-usdt']) {
      expect(data.pairs.find((pair) => pair.symbol === symbol)).toMatchObject({
        rate: null,
        change: null,
        available: false,
        source: 'live',
      });
    }
    expect(data.pairs.filter((pair) => pair.available)).toHaveLength(14);
  });

  it('asks for the listed pairs in one request once it knows which Binance lacks', async () => {
    expect((await get('market/pairs')).status).toBe(200);
    t.clock.advance(POLL_MS);
    fake.reset();
    const response = await get('market/pairs');
    expect(response.body.data.source).toBe('live');
    expect(fake.count('/api/v3/ticker/24hr')).toBe(1);
    const asked = JSON.parse(fake.tickerQueries[0]?.get('symbols') ?? '[]') as string[];
    expect(asked).toHaveLength(14);
    expect(asked).not.toContain('BSVUSDT');
    expect(asked).toContain('BTCUSDT');
  });

  it('answers GETs within one interval from the cache', async () => {
    // Once it knows which pairs Binance lacks, a refresh is one request.
    expect((await get('market/pairs')).status).toBe(200);
    t.clock.advance(POLL_MS);
    fake.reset();
    await Promise.all(Array.from({ length: 20 }, () => get('market/pairs')));
    t.clock.advance(POLL_MS - 1);
    await Promise.all(Array.from({ length: 5 }, () => get('market/pairs')));
    expect(fake.count('/api/v3/ticker/24hr')).toBe(1);
  });

  it('parses the klines into candles, oldest first, in seconds', async () => {
    const response = await get('market/klines?symbol=eth-usdt&interval=15m');
    expect(response.status).toBe(200);
    const data = klinesData.parse(response.body.data);
    expect(data).toMatchObject({
      symbol: 'eth-usdt',
      interval: '15m',
      source: 'live',
      available: true,
    });
    expect(data.candles).toHaveLength(200);
    const [first, second] = data.candles;
    expect((second?.time ?? 0) - (first?.time ?? 0)).toBe(900);
    expect(data.candles.at(-1)?.time).toBe(Math.floor(Date.now() / 900_000) * 900);
    expect(first?.volume).toBe('100');
    expect(Number(first?.high)).toBeGreaterThanOrEqual(Number(first?.low));
    // A second chart of the same pair and interval within the interval: from the cache.
    await get('market/klines?symbol=eth-usdt&interval=15m');
    expect(fake.count('/api/v3/klines')).toBe(1);
  });

  it('says a pair Binance does not list has no candles', async () => {
    const response = await get('market/klines?symbol=bsv-usdt&interval=1h');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      symbol: 'bsv-usdt',
      interval: '1h',
      source: 'live',
      available: false,
      candles: [],
    });
  });

  it('refuses an unknown symbol with 404 and a bad or missing field with 422 naming it', async () => {
    const unknown = await get('market/klines?symbol=abc-usdt&interval=1h');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      status: 'error',
      message: 'No such market pair',
      error: 'NOT_FOUND',
    });
    const badInterval = await get('market/klines?symbol=btc-usdt&interval=2h');
    expect(badInterval.status).toBe(422);
    expect(badInterval.body.message[0].validation_results).toEqual([
      { field: 'interval', reason: 'Enter valid interval (1m, 15m, 1h, 4h, 1d).' },
    ]);
    const noSymbol = await get('market/klines?interval=1h');
    expect(noSymbol.status).toBe(422);
    expect(noSymbol.body.message[0].validation_results[0].field).toBe('symbol');
  });

  it('answers 503 when Binance itself fails and no fallback is configured', async () => {
    fake.mode = 'error';
    const response = await get('market/pairs');
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body.error).toBe('UNAVAILABLE');
  });

  it('refuses a caller without a session', async () => {
    const response = await call(t.app, 'GET', 'market/pairs');
    expect(response.status).toBe(401);
  });
});

// These tests build their app inside the test: as long as a hook may take for it.
const APP_IN_TEST_MS = 60_000;

describe('auto: Binance first, the simulation when it cannot be reached', () => {
  it(
    'falls back to the simulated feed, labelled, for prices and candles',
    async () => {
      const { t, get } = await appWith({
        MARKET_DATA: 'auto',
        MARKET_API_URL: await unreachableUrl(),
        MARKET_TIMEOUT_MS: '500',
      });
      try {
        const pairs = marketPairsData.parse((await get('market/pairs')).body.data);
        expect(pairs.source).toBe('simulated');
        expect(pairs.pairs.every((pair) => pair.source === 'simulated' && pair.available)).toBe(
          true,
        );
        const btc = pairs.pairs.find((pair) => pair.symbol === 'btc-usdt');
        expect(Number(btc?.rate)).toBeGreaterThan(50_000);
        expect(Number(btc?.high)).toBeGreaterThanOrEqual(Number(btc?.low));
        const candles = klinesData.parse(
          (await get('market/klines?symbol=bsv-usdt&interval=1d')).body.data,
        );
        expect(candles).toMatchObject({ source: 'simulated', available: true });
        expect(candles.candles).toHaveLength(200);
      } finally {
        await t.close();
      }
    },
    APP_IN_TEST_MS,
  );

  it(
    'falls back when Binance is too slow or answers nonsense, and goes back when it recovers',
    async () => {
      const { t, get } = await appWith({
        ...fake.env,
        MARKET_DATA: 'auto',
        // Well under the fake's 2 s of slowness, well over a loaded machine's local answer.
        MARKET_TIMEOUT_MS: '1000',
        MARKET_POLL_MS: '100',
        MARKET_RETRY_MS: '300',
      });
      try {
        fake.mode = 'slow';
        expect((await get('market/pairs')).body.data.source).toBe('simulated');
        fake.mode = 'garbage';
        t.clock.advance(350);
        expect((await get('market/pairs')).body.data.source).toBe('simulated');
        // Within the retry interval the simulation answers without asking Binance.
        fake.mode = 'ok';
        fake.reset();
        t.clock.advance(120);
        expect((await get('market/pairs')).body.data.source).toBe('simulated');
        expect(fake.count()).toBe(0);
        t.clock.advance(300);
        expect((await get('market/pairs')).body.data.source).toBe('live');
      } finally {
        await t.close();
      }
    },
    APP_IN_TEST_MS,
  );
});

describe('simulated (the test default)', () => {
  let t: TestApp;
  let get: (url: string) => ReturnType<typeof call>;
  beforeAll(async () => {
    ({ t, get } = await appWith({ MARKET_API_URL: fake.url }));
  });
  afterAll(() => t.close());

  it('labels everything simulated and never asks anyone', async () => {
    const pairs = await get('market/pairs');
    expect(pairs.body.data.source).toBe('simulated');
    const candles = await get('market/klines?symbol=sol-usdt&interval=1m');
    expect(candles.body.data.source).toBe('simulated');
    expect(fake.count()).toBe(0);
  });

  it('serves each pair its icon from cryptocurrency-icons, publicly and cacheable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/market/icons/aave.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.body).toContain('<svg');
    for (const file of ['abc.svg', 'btc.png', '..%2Fpackage.json']) {
      const refused = await t.app.inject({ method: 'GET', url: `/api/v1/market/icons/${file}` });
      expect(refused.statusCode, file).toBe(404);
    }
  });
});
