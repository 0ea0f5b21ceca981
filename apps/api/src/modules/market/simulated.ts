import {
  MARKET_PAIRS,
  type CandleView,
  type MarketInterval,
  type MarketPair,
} from '@app/contracts';
import { INTERVAL_MS, type MarketProvider, type Ticker } from './provider.ts';

// The simulated feed: each pair's price is a function of time around a plausible level (or the last
// live price, when `auto` falls back), a seeded random walk: the log-price is a sum of random
// paths at every scale from a minute to a few weeks, each straight between values drawn for its
// points in time, each scale's size growing with the square root of its length as a random walk's
// moves do (about 3 % a day for a coin). Being a function of time, the past never changes: a chart
// asked twice agrees with itself, the candles of every interval and the 24-hour figures agree
// with each other, and the 24-hour change moves as the price does. It never leaves the process,
// and everything it produces is labelled `simulated`.

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

const MINUTE_MS = 60_000;
const DAY_MS = INTERVAL_MS['1d'];
/**
 * The walk's scales: a minute, doubled 15 times (about 23 days), each of size
 * STEP · √(its length in minutes). Summed, a day moves the log-price by about 3 % (one standard
 * deviation), a month by about 15 %, as a coin does; past the largest scale the price returns to
 * its level, so it stays plausible however long the server runs.
 */
const SCALES = 16;
const STEP = 0.00055;
/** Points a candle's high and low are taken from. */
const SAMPLES = 12;

/** FNV-1a, then a 32-bit finaliser: a well-spread number for any key. */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix(h);
}

/** A 32-bit finaliser: spreads any 32-bit number over all of them. */
function mix(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uniform draw in (0, 1) for `key`. */
const uniform = (key: string) => (hash(key) + 0.5) / 2 ** 32;

/**
 * A draw of mean 0 and deviation 1, nearly normal (the sum of four uniforms), for a pair's seed,
 * a scale and a point: numbers hashed, not strings, as a day's figures take a million of them.
 */
function draw(seed: number, scale: number, point: number): number {
  let key = mix(seed ^ Math.imul(scale + 1, 0x9e3779b1));
  key = mix(key ^ (point | 0));
  key = mix(key ^ Math.floor(point / 2 ** 32));
  let sum = 0;
  for (let i = 0; i < 4; i += 1) {
    key = mix(key + 0x6d2b79f5);
    sum += key / 2 ** 32;
  }
  return (sum - 2) * Math.sqrt(3);
}

/** Decimals the way the exchange quotes such a price: 2 for BTC, 4 for XRP, 5 for DOGE. */
const priceDecimals = (price: number) => (price >= 100 ? 2 : price >= 1 ? 4 : 5);
const quote = (value: number, decimals: number) => Number(value.toFixed(decimals)).toString();

/** The pair's price at `t` (ms) for a level of 1: the sum of the walk's scales at `t`. */
function shape(base: string, t: number): number {
  const seed = hash(base);
  let logPrice = 0;
  for (let scale = 0; scale < SCALES; scale += 1) {
    const length = MINUTE_MS * 2 ** scale;
    const point = Math.floor(t / length);
    const along = (t - point * length) / length;
    const size = STEP * Math.sqrt(2 ** scale);
    logPrice +=
      size * (draw(seed, scale, point) * (1 - along) + draw(seed, scale, point + 1) * along);
  }
  return Math.exp(logPrice);
}

type Level = (pair: MarketPair) => number;

function candleAt(
  pair: MarketPair,
  level: number,
  openTime: number,
  intervalMs: number,
  nowMs: number,
) {
  const end = Math.min(openTime + intervalMs, nowMs);
  const prices = Array.from(
    { length: SAMPLES + 1 },
    (_, index) => level * shape(pair.base, openTime + ((end - openTime) * index) / SAMPLES),
  );
  const { dailyQuoteVolume } = STARTING_POINTS[pair.base] ?? FALLBACK_POINT;
  const share = (end - openTime) / DAY_MS;
  const quoteVolume =
    dailyQuoteVolume * share * (0.5 + uniform(`${pair.base}:${intervalMs}:${openTime}:q`));
  const close = prices.at(-1) ?? level;
  return {
    open: prices[0] ?? level,
    high: Math.max(...prices),
    low: Math.min(...prices),
    close,
    volume: quoteVolume / close,
  };
}

/** The latest `limit` candles of `interval` up to `nowMs`, the last one still forming. */
export function simulatedCandles(
  pair: MarketPair,
  interval: MarketInterval,
  limit: number,
  nowMs: number,
  level: number,
): CandleView[] {
  const intervalMs = INTERVAL_MS[interval];
  const decimals = priceDecimals(level);
  const lastOpen = Math.floor(nowMs / intervalMs) * intervalMs;
  return Array.from({ length: limit }, (_, index) => {
    const openTime = lastOpen - (limit - 1 - index) * intervalMs;
    const candle = candleAt(pair, level, openTime, intervalMs, nowMs);
    return {
      time: openTime / 1000,
      open: quote(candle.open, decimals),
      high: quote(candle.high, decimals),
      low: quote(candle.low, decimals),
      close: quote(candle.close, decimals),
      volume: quote(candle.volume, 2),
    };
  });
}

/** The last 24 hours, from 15-minute candles so the figures and the chart agree. */
function dayTicker(pair: MarketPair, nowMs: number, level: number): Ticker {
  const price = level * shape(pair.base, nowMs);
  const open = level * shape(pair.base, nowMs - DAY_MS);
  const decimals = priceDecimals(price);
  let high = Math.max(price, open);
  let low = Math.min(price, open);
  let volume = 0;
  let quoteVolume = 0;
  const intervalMs = INTERVAL_MS['15m'];
  for (let openTime = nowMs - DAY_MS; openTime < nowMs; openTime += intervalMs) {
    const candle = candleAt(pair, level, openTime, intervalMs, nowMs);
    high = Math.max(high, candle.high);
    low = Math.min(low, candle.low);
    volume += candle.volume;
    quoteVolume += candle.volume * candle.close;
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
  /** Per pair, what `shape` is multiplied by: the starting price, or a level matching a live price. */
  const levels = new Map<string, number>();
  const level: Level = (pair) =>
    levels.get(pair.symbol) ?? (STARTING_POINTS[pair.base] ?? FALLBACK_POINT).price;
  const pairsBySymbol = new Map(MARKET_PAIRS.map((pair) => [pair.symbol, pair]));

  return {
    continueFrom(rates) {
      const nowMs = now();
      for (const [symbol, rate] of rates) {
        const pair = pairsBySymbol.get(symbol);
        const price = Number(rate);
        if (pair && price > 0) levels.set(symbol, price / shape(pair.base, nowMs));
      }
    },
    async tickers(pairs) {
      const nowMs = now();
      return new Map(pairs.map((pair) => [pair.symbol, dayTicker(pair, nowMs, level(pair))]));
    },
    async klines(pair, interval, limit) {
      return simulatedCandles(pair, interval, limit, now(), level(pair));
    },
  };
}
