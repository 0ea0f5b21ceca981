import { z } from 'zod';
import type { CandleView, MarketInterval, MarketPair } from '@app/contracts';
import { ProviderUnavailable, trimDecimal, type MarketProvider, type Ticker } from './provider.ts';

// The Binance public market API (no key): 24-hour tickers and klines over HTTP, each answer
// parsed with zod before anything uses it. Binance refuses a whole `symbols=[…]` request when one
// symbol is not listed (400, code -1121), and it does not list every pair of the contract (BSV
// went in 2019, EOS became another ticker): on that refusal each pair is asked alone once, and the
// ones Binance does not know are left out of the list request for RECHECK_UNLISTED_MS.

/** Binance's code for "Invalid symbol." */
const INVALID_SYMBOL = -1121;
/** A delisted pair is asked about again after a day, in case it came back. */
export const RECHECK_UNLISTED_MS = 24 * 3_600_000;

const decimal = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .transform(trimDecimal);

/** The fields of GET /api/v3/ticker/24hr the app shows; Binance sends many more. */
const tickerAnswer = z.object({
  symbol: z.string(),
  lastPrice: decimal,
  priceChangePercent: decimal,
  highPrice: decimal,
  lowPrice: decimal,
  volume: decimal,
  quoteVolume: decimal,
});

/** One kline: [open time, open, high, low, close, volume, close time, …]. */
const klineAnswer = z
  .tuple([z.number().int(), decimal, decimal, decimal, decimal, decimal])
  .rest(z.unknown());

const errorAnswer = z.object({ code: z.number(), msg: z.string() });

export const binanceSymbol = (pair: MarketPair) => `${pair.base}usdt`.toUpperCase();

export type BinanceOptions = {
  baseUrl: string;
  timeoutMs: number;
  now?: () => number;
};

/** Answered with Binance's "Invalid symbol." */
class UnlistedSymbol extends Error {}

export function createBinanceProvider({
  baseUrl,
  timeoutMs,
  now = Date.now,
}: BinanceOptions): MarketProvider {
  /** Binance symbol → when Binance last said it does not list it. */
  const unlisted = new Map<string, number>();

  async function get(path: string, query: Record<string, string>): Promise<unknown> {
    const url = `${baseUrl}${path}?${new URLSearchParams(query)}`;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw new ProviderUnavailable(`market API unreachable: ${(cause as Error).name}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new ProviderUnavailable(`market API answered ${response.status} without JSON`);
    }
    if (response.ok) return body;
    const error = errorAnswer.safeParse(body);
    if (response.status === 400 && error.success && error.data.code === INVALID_SYMBOL) {
      throw new UnlistedSymbol(error.data.msg);
    }
    throw new ProviderUnavailable(`market API answered ${response.status}`);
  }

  const parsed = <T extends z.ZodType>(schema: T, body: unknown): z.output<T> => {
    const result = schema.safeParse(body);
    if (!result.success)
      throw new ProviderUnavailable('market API answer is not in the expected shape');
    return result.data;
  };

  const isKnownUnlisted = (symbol: string) => {
    const since = unlisted.get(symbol);
    return since !== undefined && now() - since < RECHECK_UNLISTED_MS;
  };

  const toTicker = (answer: z.output<typeof tickerAnswer>): Ticker => ({
    rate: answer.lastPrice,
    change: answer.priceChangePercent,
    high: answer.highPrice,
    low: answer.lowPrice,
    volume: answer.volume,
    quoteVolume: answer.quoteVolume,
  });

  /** Each pair on its own: learns which ones Binance does not list. */
  async function tickersOneByOne(symbols: string[]) {
    const answers: z.output<typeof tickerAnswer>[] = [];
    for (const symbol of symbols) {
      try {
        answers.push(parsed(tickerAnswer, await get('/api/v3/ticker/24hr', { symbol })));
      } catch (error) {
        if (!(error instanceof UnlistedSymbol)) throw error;
        unlisted.set(symbol, now());
      }
    }
    return answers;
  }

  return {
    async tickers(pairs) {
      const bySymbol = new Map(pairs.map((pair) => [binanceSymbol(pair), pair]));
      const symbols = [...bySymbol.keys()].filter((symbol) => !isKnownUnlisted(symbol));
      let answers: z.output<typeof tickerAnswer>[] = [];
      if (symbols.length > 0) {
        try {
          const body = await get('/api/v3/ticker/24hr', { symbols: JSON.stringify(symbols) });
          answers = parsed(z.array(tickerAnswer), body);
        } catch (error) {
          if (!(error instanceof UnlistedSymbol)) throw error;
          answers = await tickersOneByOne(symbols);
        }
      }
      const tickers = new Map<string, Ticker>();
      for (const answer of answers) {
        const pair = bySymbol.get(answer.symbol);
        if (pair) tickers.set(pair.symbol, toTicker(answer));
      }
      return tickers;
    },

    async klines(pair, interval: MarketInterval, limit) {
      const symbol = binanceSymbol(pair);
      if (isKnownUnlisted(symbol)) return null;
      try {
        const body = await get('/api/v3/klines', { symbol, interval, limit: String(limit) });
        return parsed(z.array(klineAnswer), body).map(
          ([openTime, open, high, low, close, volume]): CandleView => ({
            time: Math.floor(openTime / 1000),
            open,
            high,
            low,
            close,
            volume,
          }),
        );
      } catch (error) {
        if (!(error instanceof UnlistedSymbol)) throw error;
        unlisted.set(symbol, now());
        return null;
      }
    },
  };
}
