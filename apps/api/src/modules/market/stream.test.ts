import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketPairsData } from '@app/contracts';
import { startFakeBinance, type FakeBinance } from '../../testing/fake-binance.ts';
import { tokenOf } from '../../testing/members.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { openStream as streamOn, sleep, until, type Stream } from './test-support.ts';

// A thousand browsers watching the prices over real sockets: the fake Binance is asked once per
// interval, not once per browser, and nobody watching means nobody asks.

const INTERVAL_MS = 200;
const CLIENTS = 1_000;

let fake: FakeBinance;
let t: TestApp;
let port: number;
let token: string;

beforeAll(async () => {
  fake = await startFakeBinance();
  t = await createTestApp({
    env: {
      ...fake.env,
      MARKET_POLL_MS: String(INTERVAL_MS),
      // One member on one address opens them all: lift the caps (stream-sessions.test.ts).
      MARKET_STREAMS_PER_MEMBER: String(CLIENTS),
      MARKET_STREAMS_PER_ADDRESS: String(CLIENTS),
      MAX_CONNECTIONS_PER_ADDRESS: String(CLIENTS + 10),
    },
  });
  token = await tokenOf(t, await createRootMember(t.ctx.database));
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
}, 60_000);
afterAll(() => fake.close());

const openStream = (bearer = token) => streamOn(port, bearer);

describe('the price stream', () => {
  it('refuses a caller without a valid session before streaming', async () => {
    const stream = await openStream('x'.repeat(43));
    expect(stream.status).toBe(401);
    stream.request.destroy();
  });

  it(`serves ${CLIENTS} clients with one upstream request per interval`, async () => {
    // Learn which pairs Binance lacks first, so every poll below is one list request.
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/market/pairs',
      headers: { authorization: `Bearer ${token}` },
    });
    const streams: Stream[] = [];
    for (let index = 0; index < CLIENTS; index += 50) {
      streams.push(...(await Promise.all(Array.from({ length: 50 }, () => openStream()))));
    }
    expect(streams.every((stream) => stream.status === 200)).toBe(true);
    expect(streams[0]?.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    await until(() => streams.every((stream) => stream.events.length > 0));

    fake.reset();
    const before = streams.map((stream) => stream.events.length);
    const started = Date.now();
    await sleep(6 * INTERVAL_MS);
    const elapsed = Date.now() - started;
    const polls = fake.count('/api/v3/ticker/24hr');
    expect(polls).toBeGreaterThanOrEqual(Math.floor(elapsed / INTERVAL_MS) - 2);
    expect(polls).toBeLessThanOrEqual(Math.ceil(elapsed / INTERVAL_MS) + 1);
    expect(fake.count()).toBe(polls);
    // Every client got (about) every poll.
    const received = streams.map((stream, index) => stream.events.length - (before[index] ?? 0));
    expect(Math.min(...received)).toBeGreaterThanOrEqual(polls - 1);

    const last = marketPairsData.parse(JSON.parse(streams.at(-1)?.events.at(-1) ?? '{}'));
    expect(last.source).toBe('live');
    expect(last.pairs.filter((pair) => pair.available)).toHaveLength(14);

    for (const stream of streams) stream.request.destroy();
    await sleep(2 * INTERVAL_MS);
    fake.reset();
    await sleep(3 * INTERVAL_MS);
    expect(fake.count()).toBe(0);
  }, 120_000);

  it('gives a new stream the latest figures at once without asking upstream again', async () => {
    const first = await openStream();
    await until(() => first.events.length > 0);
    fake.reset();
    const second = await openStream();
    await until(() => second.events.length > 0, 2_000);
    expect(second.events[0]).toBe(first.events.at(-1));
    first.request.destroy();
  });

  it('ends the open streams when the server stops, so the stop does not wait on them', async () => {
    const open = await openStream();
    await until(() => open.events.length > 0);
    const ended = new Promise((resolve) => open.request.on('close', resolve));
    await t.close();
    await ended;
  });
});
