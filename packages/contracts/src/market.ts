import { z } from 'zod';
import { patternMessage, requiredMessage } from './messages.ts';

// The sixteen coin pairs of the client contract, quoted against USDT. `apiname` is its coin
// slug; `symbol` is the URL slug of the crypto detail route (`/btc-usdt`), derived from the
// ticker so the web route and the API's market module agree on one list.
export const QUOTE_ASSET = 'usdt';

const PAIRS = [
  ['btc', 'bitcoin'],
  ['eth', 'ethereum'],
  ['doge', 'dogecoin'],
  ['eos', 'eos'],
  ['ltc', 'litecoin'],
  ['bch', 'bitcoin-cash'],
  ['xrp', 'ripple'],
  ['etc', 'ethereum-classic'],
  ['ada', 'cardano'],
  ['fil', 'filecoin'],
  ['trx', 'tron'],
  ['uni', 'uniswap'],
  ['link', 'chainlink'],
  ['sol', 'solana'],
  ['aave', 'aave'],
  ['bsv', 'bsv'],
] as const;

export type MarketPair = {
  /** Lower-case ticker of the base coin, e.g. `btc`. */
  base: string;
  /** Route slug, e.g. `btc-usdt`. */
  symbol: string;
  /** As the app displays it, e.g. `btc/usdt`. */
  displayName: string;
  /** The contract's coin slug, e.g. `bitcoin`. */
  apiname: string;
};

export const MARKET_PAIRS: readonly MarketPair[] = PAIRS.map(([base, apiname]) => ({
  base,
  symbol: `${base}-${QUOTE_ASSET}`,
  displayName: `${base}/${QUOTE_ASSET}`,
  apiname,
}));

export function findMarketPair(symbol: string): MarketPair | undefined {
  const slug = symbol.toLowerCase();
  return MARKET_PAIRS.find((pair) => pair.symbol === slug);
}

// Market data as the API serves it (modules/market). Prices, highs, lows and volumes are
// decimal strings as the exchange quotes them: they are shown to members, never booked, so
// they never become micro-dollar amounts and never pass through a float on the server's way.

/** Where figures came from: the configured exchange, or the server's labelled simulation. */
export const MARKET_SOURCES = ['live', 'simulated'] as const;
export type MarketSource = (typeof MARKET_SOURCES)[number];
export const marketSource = z.enum(MARKET_SOURCES);

/** Candle widths the chart offers (Binance's names). */
export const MARKET_INTERVALS = ['1m', '15m', '1h', '4h', '1d'] as const;
export type MarketInterval = (typeof MARKET_INTERVALS)[number];
export const DEFAULT_MARKET_INTERVAL: MarketInterval = '1h';

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

export const marketPairView = z.object({
  symbol: z.string(),
  base: z.string(),
  displayName: z.string(),
  apiname: z.string(),
  /** The coin's icon (an SVG the API serves). */
  image: z.string(),
  /** Last price in USDT; null while the source has no price for the pair. */
  rate: decimal.nullable(),
  /** 24-hour change in per cent, e.g. "-1.25". */
  change: decimal.nullable(),
  high: decimal.nullable(),
  low: decimal.nullable(),
  /** 24-hour volume in the base coin. */
  volume: decimal.nullable(),
  /** 24-hour volume in USDT. */
  quoteVolume: decimal.nullable(),
  /** False when the source does not list the pair (no price is shown for it). */
  available: z.boolean(),
  source: marketSource,
});
export type MarketPairView = z.infer<typeof marketPairView>;

/** GET market/pairs, and each `pairs` event of GET market/stream. */
export const marketPairsData = z.object({
  source: marketSource,
  /** When this server received (or simulated) these figures. */
  updatedAt: z.iso.datetime(),
  pairs: z.array(marketPairView),
});
export type MarketPairsData = z.infer<typeof marketPairsData>;

export const klinesQuery = z.object({
  symbol: z
    .string({ error: () => requiredMessage('Symbol') })
    .trim()
    .min(1, requiredMessage('Symbol'))
    .max(20, patternMessage('symbol')),
  interval: z.enum(MARKET_INTERVALS, {
    error: () => `Enter valid interval (${MARKET_INTERVALS.join(', ')}).`,
  }),
});
export type KlinesQuery = z.infer<typeof klinesQuery>;

export const candleView = z.object({
  /** Opening time, in seconds since 1970 (UTC), as charts take it. */
  time: z.number().int(),
  open: decimal,
  high: decimal,
  low: decimal,
  close: decimal,
  volume: decimal,
});
export type CandleView = z.infer<typeof candleView>;

/** GET market/klines: oldest candle first; the last one is still forming. */
export const klinesData = z.object({
  symbol: z.string(),
  interval: z.enum(MARKET_INTERVALS),
  source: marketSource,
  available: z.boolean(),
  candles: z.array(candleView),
});
export type KlinesData = z.infer<typeof klinesData>;
