import type { CandleView, MarketInterval, MarketPair } from '@app/contracts';

// What the market module asks of a source of prices: the exchange (binance.ts) or the
// simulation (simulated.ts). The feed (market-feed.ts) decides which one answers.

/** A pair's 24-hour figures, decimal strings as the exchange quotes them. */
export type Ticker = {
  rate: string;
  change: string;
  high: string;
  low: string;
  volume: string;
  quoteVolume: string;
};

export type MarketProvider = {
  /** The 24-hour figures of each pair the source lists, by route symbol (`btc-usdt`). */
  tickers: (pairs: readonly MarketPair[]) => Promise<Map<string, Ticker>>;
  /** The latest `limit` candles, oldest first; null when the source does not list the pair. */
  klines: (
    pair: MarketPair,
    interval: MarketInterval,
    limit: number,
  ) => Promise<CandleView[] | null>;
};

/** The source could not be reached or answered nonsense; `auto` falls back to the simulation. */
export class ProviderUnavailable extends Error {}

/** How long one candle of each interval lasts. */
export const INTERVAL_MS: Record<MarketInterval, number> = {
  '1m': 60_000,
  '15m': 15 * 60_000,
  '1h': 3_600_000,
  '4h': 4 * 3_600_000,
  '1d': 24 * 3_600_000,
};

/** "95123.45000000" → "95123.45", "0.00000000" → "0", "-0.50" → "-0.5". */
export function trimDecimal(value: string): string {
  if (!value.includes('.')) return value;
  const trimmed = value.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}
