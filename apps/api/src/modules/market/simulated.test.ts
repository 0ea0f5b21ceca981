import { describe, expect, it } from 'vitest';
import { findMarketPair, MARKET_PAIRS, type MarketPair } from '@app/contracts';
import { createSimulatedProvider, simulatedCandles } from './simulated.ts';

const pair = (symbol: string) => findMarketPair(symbol) as MarketPair;
const NOW = Date.UTC(2026, 10, 24, 12, 31, 20);

describe('the simulated feed', () => {
  it('draws the same past for the same moment, each candle opening where the last closed', () => {
    const candles = simulatedCandles(pair('eth-usdt'), '15m', 200, NOW, 3_000);
    expect(simulatedCandles(pair('eth-usdt'), '15m', 200, NOW, 3_000)).toEqual(candles);
    // Twenty minutes on, the candles are one further: only the formerly forming one changed.
    const later = simulatedCandles(pair('eth-usdt'), '15m', 200, NOW + 1_200_000, 3_000);
    expect(later.slice(0, 198)).toEqual(candles.slice(1, 199));
    expect(candles).toHaveLength(200);
    expect(candles.at(-1)?.time).toBe(Date.UTC(2026, 10, 24, 12, 30) / 1000);
    for (const [index, candle] of candles.entries()) {
      const [open, high, low, close] = [candle.open, candle.high, candle.low, candle.close].map(
        Number,
      );
      expect(high).toBeGreaterThanOrEqual(Math.max(open ?? 0, close ?? 0));
      expect(low).toBeLessThanOrEqual(Math.min(open ?? 0, close ?? 0));
      expect(low).toBeGreaterThan(2_000);
      expect(high).toBeLessThan(4_500);
      if (index > 0) expect(candle.open).toBe(candles[index - 1]?.close);
    }
  });

  it('moves every pair from a plausible price, the 24 h figures moving with it', async () => {
    let now = NOW;
    const feed = createSimulatedProvider(() => now);
    const first = await feed.tickers(MARKET_PAIRS);
    now += 5_000;
    const second = await feed.tickers(MARKET_PAIRS);
    expect(first.size).toBe(16);
    const btc = first.get('btc-usdt');
    expect(Number(btc?.rate)).toBeGreaterThan(80_000);
    expect(Number(btc?.rate)).toBeLessThan(110_000);
    expect(Number(first.get('doge-usdt')?.rate)).toBeLessThan(1);
    expect(second.get('btc-usdt')?.rate).not.toBe(btc?.rate);
    now += 3_600_000;
    const hourLater = (await feed.tickers(MARKET_PAIRS)).get('btc-usdt');
    expect(hourLater?.change).not.toBe(btc?.change);
    for (const ticker of first.values()) {
      expect(Number(ticker.high)).toBeGreaterThanOrEqual(Number(ticker.rate));
      expect(Number(ticker.low)).toBeLessThanOrEqual(Number(ticker.rate));
      expect(Number(ticker.volume)).toBeGreaterThan(0);
      expect(ticker.change).toMatch(/^-?\d+(\.\d{1,2})?$/);
    }
    // The chart ends at the price the figures show.
    const candles = await feed.klines(pair('btc-usdt'), '1m', 5);
    expect(candles?.at(-1)?.close).toBe(hourLater?.rate);
  });

  it('continues from the last live prices when it takes over', async () => {
    let now = NOW;
    const feed = createSimulatedProvider(() => now);
    feed.continueFrom(new Map([['btc-usdt', '50000']]));
    expect((await feed.tickers(MARKET_PAIRS)).get('btc-usdt')?.rate).toBe('50000');
    now += 5_000;
    const rate = Number((await feed.tickers(MARKET_PAIRS)).get('btc-usdt')?.rate);
    expect(rate).toBeGreaterThan(49_000);
    expect(rate).toBeLessThan(51_000);
    const candles = await feed.klines(pair('btc-usdt'), '1h', 10);
    expect(candles?.at(-1)?.close).toBe(String(rate));
  });

  it('walks like a market: daily moves of a few per cent, not a wave that repeats', () => {
    const days = simulatedCandles(pair('btc-usdt'), '1d', 120, NOW, 95_000);
    const closes = days.map((candle) => Math.log(Number(candle.close)));
    const moves = closes.slice(1).map((close, index) => close - closes[index]!);
    const deviation = Math.sqrt(moves.reduce((sum, move) => sum + move * move, 0) / moves.length);
    expect(deviation).toBeGreaterThan(0.01);
    expect(deviation).toBeLessThan(0.06);
    // A week's wave (the feed was one) made each day's move much like the one a week before.
    const lagged = (lag: number) => {
      const pairs = moves.slice(lag).map((move, index) => move * moves[index]!);
      return pairs.reduce((sum, value) => sum + value, 0) / pairs.length / deviation ** 2;
    };
    for (const lag of [1, 7]) expect(Math.abs(lagged(lag))).toBeLessThan(0.35);
    // Over four months it wanders but stays a plausible price.
    const prices = closes.map(Math.exp);
    expect(Math.max(...prices) / Math.min(...prices)).toBeGreaterThan(1.05);
    expect(Math.min(...prices)).toBeGreaterThan(95_000 / 2);
    expect(Math.max(...prices)).toBeLessThan(95_000 * 2);
  });
});
