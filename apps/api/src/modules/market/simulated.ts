import type { CandleView, MarketInterval, MarketPair } from '@app/contracts';
import { INTERVAL_MS, type MarketProvider, type Ticker } from './provider.ts';

// The simulated feed: a random walk per pair from a plausible starting price (or from the last
// live price, when `auto` falls back), one step per poll, and candles drawn backwards from the
// current price. Every draw comes from a hash of the pair, the step or the candle's opening time,
// so the same moment always gives the same figures: a chart asked twice does not redraw its past.
// It never leaves the process, and everything it produces is labelled `simulated`.

/** Starting price in USDT and a typical day's volume in USDT, per base coin. */
const STARTING_POINTS: Record<string, { price: number; dailyQuoteVolume: number }> = {
  btc: { price: 95_000, dailyQuoteVolume: 1.5e9 },
  eth: { price: 3_300, dailyQuoteVolume: 8e8 },
  doge: { price: 0.17, dailyQuoteVolume: 2e8 },
  eos: { price: 0.55, dailyQuoteVolume: 1e7 },
  ltc: { price: 95, dailyQuoteVolume: 5e7 },
  bch: { price: 480, dailyQuoteVolume: 4e7 },
  xrp: { price: 2.2, dailyQuoteVolume: 3e8 },
  etc: { price: 16, dailyQuoteVolume: 2e7 },
  ada: { price: 0.65, dailyQuoteVolume: 8e7 },
  fil: { price: 2.5, dailyQuoteVolume: 2e7 },
  trx: { price: 0.28, dailyQuoteVolume: 6e7 },
  uni: { price: 7.5, dailyQuoteVolume: 3e7 },
  link: { price: 14, dailyQuoteVolume: 5e7 },
  sol: { price: 180, dailyQuoteVolume: 4e8 },
  aave: { price: 250, dailyQuoteVolume: 3e7 },
  bsv: { price: 30, dailyQuoteVolume: 5e6 },
};
const FALLBACK_POINT = { price: 1, dailyQuoteVolume: 1e6 };

/** Standard deviation of a day's move (3.5 %), scaled by √time for shorter spans. */
const DAILY_VOLATILITY = 0.035;
const DAY_MS = INTERVAL_MS['1d'];
/** One poll's step: about 0.15 %, so a screen visibly moves without jumping. */
const STEP_VOLATILITY = 0.0015;

/** FNV-1a, then a 32-bit finaliser: a well-spread number for any key. */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uniform draw in (0, 1) for `key`. */
const uniform = (key: string) => (hash(key) + 0.5) / 2 ** 32;

/** A standard normal draw for `key` (Box–Muller). */
const normal = (key: string) =>
  Math.sqrt(-2 * Math.log(uniform(`${key}:u`))) * Math.cos(2 * Math.PI * uniform(`${key}:v`));

/** Decimals the way the exchange quotes such a price: 2 for BTC, 4 for XRP, 5 for DOGE. */
const priceDecimals = (price: number) => (price >= 100 ? 2 : price >= 1 ? 4 : 5);
const quote = (value: number, decimals: number) => Number(value.toFixed(decimals)).toString();

export function simulatedCandles(
  pair: MarketPair,
  interval: MarketInterval,
  limit: number,
  nowMs: number,
  price: number,
): CandleView[] {
  const intervalMs = INTERVAL_MS[interval];
  const sigma = DAILY_VOLATILITY * Math.sqrt(intervalMs / DAY_MS);
  const { dailyQuoteVolume } = STARTING_POINTS[pair.base] ?? FALLBACK_POINT;
  const decimals = priceDecimals(price);
  const lastOpen = Math.floor(nowMs / intervalMs) * intervalMs;
  const candles: CandleView[] = [];
  let close = price;
  for (let index = 0; index < limit; index += 1) {
    const openTime = lastOpen - index * intervalMs;
    const key = `${pair.base}:${interval}:${openTime}`;
    const open = close / Math.exp(sigma * normal(key));
    const high = Math.max(open, close) * (1 + Math.abs(normal(`${key}:h`)) * sigma * 0.4);
    const low = Math.min(open, close) * (1 - Math.abs(normal(`${key}:l`)) * sigma * 0.4);
    const quoteVolume = dailyQuoteVolume * (intervalMs / DAY_MS) * (0.5 + uniform(`${key}:q`));
    candles.push({
      time: openTime / 1000,
      open: quote(open, decimals),
      high: quote(high, decimals),
      low: quote(low, decimals),
      close: quote(close, decimals),
      volume: quote(quoteVolume / close, 2),
    });
    close = open;
  }
  return candles.reverse();
}

/** The last 24 hours from the hourly candles, so the figures and the chart agree. */
function dayTicker(pair: MarketPair, nowMs: number, price: number): Ticker {
  const hours = simulatedCandles(pair, '1h', 24, nowMs, price);
  const open = Number(hours[0]?.open ?? price);
  const decimals = priceDecimals(price);
  let volume = 0;
  let quoteVolume = 0;
  let high = price;
  let low = price;
  for (const candle of hours) {
    volume += Number(candle.volume);
    quoteVolume += Number(candle.volume) * Number(candle.close);
    high = Math.max(high, Number(candle.high));
    low = Math.min(low, Number(candle.low));
  }
  return {
    rate: quote(price, decimals),
    change: quote(((price - open) / open) * 100, 2),
    high: quote(high, decimals),
    low: quote(low, decimals),
    volume: quote(volume, 2),
    quoteVolume: quote(quoteVolume, 2),
  };
}

export type SimulatedProvider = MarketProvider & {
  /** Continues the walk from these prices (the last live ones), by route symbol. */
  continueFrom: (rates: ReadonlyMap<string, string>) => void;
};

export function createSimulatedProvider(now: () => number = Date.now): SimulatedProvider {
  const prices = new Map<string, number>();
  let step = 0;
  const priceOf = (pair: MarketPair) =>
    prices.get(pair.symbol) ?? (STARTING_POINTS[pair.base] ?? FALLBACK_POINT).price;

  return {
    continueFrom(rates) {
      for (const [symbol, rate] of rates) {
        const price = Number(rate);
        if (price > 0) prices.set(symbol, price);
      }
    },
    async tickers(pairs) {
      step += 1;
      const nowMs = now();
      const tickers = new Map<string, Ticker>();
      for (const pair of pairs) {
        const price =
          priceOf(pair) * Math.exp(STEP_VOLATILITY * normal(`${pair.base}:step:${step}`));
        prices.set(pair.symbol, price);
        tickers.set(pair.symbol, dayTicker(pair, nowMs, price));
      }
      return tickers;
    },
    async klines(pair, interval, limit) {
      return simulatedCandles(pair, interval, limit, now(), priceOf(pair));
    },
  };
}
