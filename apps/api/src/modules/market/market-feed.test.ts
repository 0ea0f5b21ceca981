import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMarketFeed } from './market-feed.ts';
import { createSimulatedProvider } from './simulated.ts';

// The poller on a fake clock: how often it asks its source is counted, not waited for, and "nobody
// watching, nobody asks" is shown over ten intervals that pass in no time.

const INTERVAL_MS = 200;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function simulatedFeed() {
  const simulated = createSimulatedProvider(() => Date.now());
  const asked = vi.spyOn(simulated, 'tickers');
  const feed = createMarketFeed({
    mode: 'simulated',
    live: simulated,
    simulated,
    pollIntervalMs: INTERVAL_MS,
    retryIntervalMs: INTERVAL_MS,
    iconUrl: (pair) => `/icons/${pair.base}.svg`,
    log: { warn: () => undefined, info: () => undefined },
    now: () => Date.now(),
  });
  return { feed, asked };
}

describe('the market feed poller', () => {
  it('asks once per interval for all its listeners, and stops when the last one leaves', async () => {
    const { feed, asked } = simulatedFeed();
    const first = vi.fn();
    const second = vi.fn();
    const leaveFirst = feed.subscribe(first);
    const leaveSecond = feed.subscribe(second);
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5 * INTERVAL_MS);
    expect(asked).toHaveBeenCalledTimes(6);
    expect(first).toHaveBeenCalledTimes(6);
    expect(second).toHaveBeenCalledTimes(6);

    leaveFirst();
    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(asked).toHaveBeenCalledTimes(7);
    leaveSecond();
    expect(feed.isPolling()).toBe(false);
    await vi.advanceTimersByTimeAsync(10 * INTERVAL_MS);
    expect(asked).toHaveBeenCalledTimes(7);
    expect(second).toHaveBeenCalledTimes(7);
    feed.close();
  });

  it('gives a new listener the latest figures at once, and waits out the interval they have', async () => {
    const { feed, asked } = simulatedFeed();
    const data = await feed.pairs();
    expect(asked).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(INTERVAL_MS / 2);
    const listener = vi.fn();
    const leave = feed.subscribe(listener);
    expect(listener).toHaveBeenCalledWith(data);
    await vi.advanceTimersByTimeAsync(INTERVAL_MS / 2 - 1);
    expect(asked).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toHaveBeenCalledTimes(2);
    leave();
    feed.close();
  });
});
