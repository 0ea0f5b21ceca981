import {
  MARKET_PAIRS,
  type KlinesData,
  type MarketInterval,
  type MarketPair,
  type MarketPairsData,
  type MarketSource,
} from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import { ProviderUnavailable, type MarketProvider, type Ticker } from './provider.ts';
import type { SimulatedProvider } from './simulated.ts';

// The market figures of one API process: a cache in front of the source, and one poller that
// asks the source once per interval while anyone watches the stream, however many do. Nobody
// watching: no poller; a plain GET then asks the source only when the cache is older than one
// interval, and requests arriving together share one upstream call.

/** Candles a chart gets per interval. */
export const KLINES_LIMIT = 200;

export type MarketMode = 'binance' | 'simulated' | 'auto';

type Logger = {
  warn: (details: object, message: string) => void;
  info: (details: object, message: string) => void;
};

export type MarketFeedOptions = {
  mode: MarketMode;
  live: MarketProvider;
  simulated: SimulatedProvider;
  pollIntervalMs: number;
  /** In `auto`, how long the simulation stands in after the exchange failed before it is asked again. */
  retryIntervalMs: number;
  /** URL of a pair's icon. */
  iconUrl: (pair: MarketPair) => string;
  log: Logger;
  now?: () => number;
};

export type MarketFeed = {
  pairs: () => Promise<MarketPairsData>;
  klines: (pair: MarketPair, interval: MarketInterval) => Promise<KlinesData>;
  /** Called with each poll's figures (and at once with the latest); returns the unsubscribe. */
  subscribe: (listener: (data: MarketPairsData) => void) => () => void;
  /** Whether a poller is scheduled or running now. */
  isPolling: () => boolean;
  close: () => void;
};

const marketUnavailable = () =>
  new AppError('UNAVAILABLE', 'Market data is unavailable right now, please try again shortly');

type Cached<T> = { data: T; at: number };

export function createMarketFeed(options: MarketFeedOptions): MarketFeed {
  const { mode, live, simulated, pollIntervalMs, retryIntervalMs, iconUrl, log } = options;
  const now = options.now ?? Date.now;
  const listeners = new Set<(data: MarketPairsData) => void>();
  let latest: Cached<MarketPairsData> | null = null;
  let loading: Promise<MarketPairsData> | null = null;
  const klinesCache = new Map<string, Cached<KlinesData>>();
  const klinesLoading = new Map<string, Promise<KlinesData>>();
  /** `auto` only: the exchange failed; the simulation answers until then. */
  let liveDownUntil = 0;
  /** The last request to the exchange failed (logged once until one succeeds). */
  let liveFailing = false;
  /** The last live prices, where the simulation continues from. */
  const lastLiveRates = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;
  let polling = false;
  let closed = false;

  const sourceNow = (): MarketSource =>
    mode === 'simulated' || (mode === 'auto' && now() < liveDownUntil) ? 'simulated' : 'live';

  /** The exchange failed: `binance` has nothing else to say; `auto` turns to the simulation. */
  function liveFailed(error: unknown): void {
    if (!(error instanceof ProviderUnavailable)) throw error;
    // Said once when the exchange stops answering, not at every poll until it is back.
    if (!liveFailing) {
      const message =
        mode === 'binance' ? 'market data unavailable' : 'market data: simulated feed in use';
      log.warn({ reason: error.message, retryIntervalMs }, message);
    }
    liveFailing = true;
    if (mode === 'binance') throw marketUnavailable();
    liveDownUntil = now() + retryIntervalMs;
    simulated.continueFrom(lastLiveRates);
  }

  function liveWorked(): void {
    if (liveFailing) log.info({}, 'market data: live feed back');
    liveFailing = false;
    liveDownUntil = 0;
  }

  function pairsData(tickers: Map<string, Ticker>, source: MarketSource): MarketPairsData {
    return {
      source,
      updatedAt: new Date(now()).toISOString(),
      pairs: MARKET_PAIRS.map((pair) => {
        const ticker = tickers.get(pair.symbol);
        return {
          symbol: pair.symbol,
          base: pair.base,
          displayName: pair.displayName,
          apiname: pair.apiname,
          image: iconUrl(pair),
          rate: ticker?.rate ?? null,
          change: ticker?.change ?? null,
          high: ticker?.high ?? null,
          low: ticker?.low ?? null,
          volume: ticker?.volume ?? null,
          quoteVolume: ticker?.quoteVolume ?? null,
          available: ticker !== undefined,
          source,
        };
      }),
    };
  }

  async function loadPairs(): Promise<MarketPairsData> {
    if (sourceNow() === 'live') {
      try {
        const tickers = await live.tickers(MARKET_PAIRS);
        liveWorked();
        for (const [symbol, ticker] of tickers) lastLiveRates.set(symbol, ticker.rate);
        return pairsData(tickers, 'live');
      } catch (error) {
        liveFailed(error);
      }
    }
    return pairsData(await simulated.tickers(MARKET_PAIRS), 'simulated');
  }

  /** Asks the source now, or joins the request already on its way. */
  function refresh(): Promise<MarketPairsData> {
    loading ??= loadPairs()
      .then((data) => {
        latest = { data, at: now() };
        return data;
      })
      .finally(() => (loading = null));
    return loading;
  }

  async function loadKlines(pair: MarketPair, interval: MarketInterval): Promise<KlinesData> {
    const answer = (source: MarketSource, candles: KlinesData['candles'] | null): KlinesData => ({
      symbol: pair.symbol,
      interval,
      source,
      available: candles !== null,
      candles: candles ?? [],
    });
    if (sourceNow() === 'live') {
      try {
        const candles = await live.klines(pair, interval, KLINES_LIMIT);
        liveWorked();
        return answer('live', candles);
      } catch (error) {
        liveFailed(error);
      }
    }
    return answer('simulated', await simulated.klines(pair, interval, KLINES_LIMIT));
  }

  async function tick(): Promise<void> {
    timer = undefined;
    polling = true;
    const started = now();
    try {
      const data = await refresh();
      for (const listener of listeners) {
        try {
          listener(data);
        } catch (error) {
          log.warn({ err: error }, 'market data listener failed');
        }
      }
    } catch (error) {
      if (!(error instanceof AppError)) log.warn({ err: error }, 'market data poll failed');
    } finally {
      polling = false;
    }
    if (listeners.size > 0 && !closed) {
      timer = setTimeout(() => void tick(), Math.max(0, pollIntervalMs - (now() - started)));
    }
  }

  function startPolling(): void {
    if (timer || polling || closed) return;
    const age = latest ? now() - latest.at : Infinity;
    timer = setTimeout(() => void tick(), Math.max(0, pollIntervalMs - age));
  }

  function stopPolling(): void {
    clearTimeout(timer);
    timer = undefined;
  }

  return {
    async pairs() {
      // While the poller runs it keeps the cache fresh: a GET never adds an upstream request.
      if (latest && (timer || polling || now() - latest.at < pollIntervalMs)) return latest.data;
      return refresh();
    },

    async klines(pair, interval) {
      const key = `${pair.symbol}:${interval}`;
      const cached = klinesCache.get(key);
      if (cached && now() - cached.at < pollIntervalMs) return cached.data;
      let pending = klinesLoading.get(key);
      if (!pending) {
        pending = loadKlines(pair, interval)
          .then((data) => {
            klinesCache.set(key, { data, at: now() });
            return data;
          })
          .finally(() => klinesLoading.delete(key));
        klinesLoading.set(key, pending);
      }
      return pending;
    },

    subscribe(listener) {
      listeners.add(listener);
      if (latest) listener(latest.data);
      startPolling();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stopPolling();
      };
    },

    isPolling: () => timer !== undefined || polling,

    close() {
      closed = true;
      listeners.clear();
      stopPolling();
    },
  };
}
