import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A Binance stand-in for tests and the bench: a real HTTP server on 127.0.0.1 answering the two
// public market endpoints the app uses with Binance's own shapes (numbers as strings, klines as
// arrays, `{code, msg}` errors, and the whole list refused when one symbol is not listed), and
// counting what it was asked. BSV and EOS are not listed, as on Binance today.

export const UNLISTED = ['BSVUSDT', 'EOSUSDT'];
const INTERVALS: Record<string, number> = {
  '1m': 60_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
};
const PRICES: Record<string, number> = {
  BTC: 67_012.5,
  ETH: 2_410.25,
  DOGE: 0.12345,
  LTC: 71.2,
  BCH: 355.1,
  XRP: 0.5123,
  ETC: 20.11,
  ADA: 0.3512,
  FIL: 3.9,
  TRX: 0.1598,
  UNI: 7.05,
  LINK: 11.12,
  SOL: 142.3,
  AAVE: 150.4,
};

/** How the next requests are answered: normally, with a 500, after 2 s, or in a wrong shape. */
export type FakeBinanceMode = 'ok' | 'error' | 'slow' | 'garbage';

export type FakeBinance = {
  url: string;
  /** The variables that point an app at this fake. */
  env: Record<string, string>;
  mode: FakeBinanceMode;
  /** Every request, by path (`/api/v3/ticker/24hr`, `/api/v3/klines`, …). */
  requests: Map<string, number>;
  /** The query strings of the ticker requests, in order. */
  tickerQueries: URLSearchParams[];
  count: (path?: string) => number;
  reset: () => void;
  close: () => Promise<void>;
};

const fixed = (value: number, decimals = 8) => value.toFixed(decimals);

/** Binance's full 24-hour ticker object; the price moves a little with each request. */
function ticker(symbol: string, moves: number) {
  const base = PRICES[symbol.replace(/USDT$/, '')] ?? 1;
  const last = base * (1 + 0.0001 * moves);
  const open = base * 0.98;
  const closeTime = Date.now();
  return {
    symbol,
    priceChange: fixed(last - open),
    priceChangePercent: fixed(((last - open) / open) * 100, 3),
    weightedAvgPrice: fixed(base * 0.99),
    prevClosePrice: fixed(open),
    lastPrice: fixed(last),
    lastQty: '0.01000000',
    bidPrice: fixed(last * 0.9999),
    bidQty: '1.00000000',
    askPrice: fixed(last * 1.0001),
    askQty: '1.00000000',
    openPrice: fixed(open),
    highPrice: fixed(base * 1.03),
    lowPrice: fixed(base * 0.97),
    volume: '12345.67800000',
    quoteVolume: fixed(12_345.678 * base),
    openTime: closeTime - 86_400_000,
    closeTime,
    firstId: 1,
    lastId: 1000,
    count: 1000,
  };
}

function klines(symbol: string, intervalMs: number, limit: number) {
  const base = PRICES[symbol.replace(/USDT$/, '')] ?? 1;
  const last = Math.floor(Date.now() / intervalMs) * intervalMs;
  return Array.from({ length: limit }, (_, index) => {
    const openTime = last - (limit - 1 - index) * intervalMs;
    const open = base * (1 + 0.001 * Math.sin(index));
    const close = base * (1 + 0.001 * Math.sin(index + 1));
    return [
      openTime,
      fixed(open),
      fixed(Math.max(open, close) * 1.001),
      fixed(Math.min(open, close) * 0.999),
      fixed(close),
      '100.00000000',
      openTime + intervalMs - 1,
      fixed(100 * close),
      50,
      '50.00000000',
      fixed(50 * close),
      '0',
    ];
  });
}

export async function startFakeBinance(): Promise<FakeBinance> {
  const requests = new Map<string, number>();
  const tickerQueries: URLSearchParams[] = [];
  const fake: FakeBinance = {
    url: '',
    env: {},
    mode: 'ok',
    requests,
    tickerQueries,
    count: (path) =>
      path ? (requests.get(path) ?? 0) : [...requests.values()].reduce((a, b) => a + b, 0),
    reset: () => {
      requests.clear();
      tickerQueries.length = 0;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = createServer((request, response) => void handle(request, response));

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const answer = (status: number, body: unknown) => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', 'http://fake');
    requests.set(url.pathname, (requests.get(url.pathname) ?? 0) + 1);
    if (fake.mode === 'error')
      return answer(500, { code: -1000, msg: 'An unknown error occurred.' });
    if (fake.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 2_000));
    if (fake.mode === 'garbage') return answer(200, { unexpected: true });
    const query = url.searchParams;
    const invalidSymbol = () => answer(400, { code: -1121, msg: 'Invalid symbol.' });

    if (url.pathname === '/api/v3/ticker/24hr') {
      tickerQueries.push(query);
      const moves = fake.count('/api/v3/ticker/24hr');
      const list = query.get('symbols');
      if (list !== null) {
        const symbols = JSON.parse(list) as string[];
        if (symbols.some((symbol) => UNLISTED.includes(symbol))) return invalidSymbol();
        return answer(
          200,
          symbols.map((symbol) => ticker(symbol, moves)),
        );
      }
      const symbol = query.get('symbol');
      if (!symbol)
        return answer(400, { code: -1102, msg: "Mandatory parameter 'symbol' was not sent." });
      if (UNLISTED.includes(symbol)) return invalidSymbol();
      return answer(200, ticker(symbol, moves));
    }
    if (url.pathname === '/api/v3/klines') {
      const symbol = query.get('symbol') ?? '';
      const intervalMs = INTERVALS[query.get('interval') ?? ''];
      if (!symbol || UNLISTED.includes(symbol)) return invalidSymbol();
      if (!intervalMs) return answer(400, { code: -1120, msg: 'Invalid interval.' });
      const limit = Math.min(1000, Number(query.get('limit') ?? 500));
      return answer(200, klines(symbol, intervalMs, limit));
    }
    return answer(404, { code: -1, msg: 'Not found' });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.env = { MARKET_DATA: 'binance', MARKET_API_URL: fake.url, MARKET_TIMEOUT_MS: '500' };
  return fake;
}
