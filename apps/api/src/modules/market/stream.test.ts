import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { marketPairsData } from '@app/contracts';
import { startFakeBinance, type FakeBinance } from '../../testing/fake-binance.ts';
import { tokenOf } from '../../testing/members.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { openStream as streamOn, until, type Stream } from './test-support.ts';

// A thousand browsers watching the prices over real sockets: the fake Binance is asked once per
// interval, not once per browser, and every stream lets go when its browser leaves. That nobody
// watching means nobody asks is shown on a fake clock (market-feed.test.ts).

const INTERVAL_MS = 200;
const CLIENTS = 1_000;

let fake: FakeBinance;
let t: TestApp;
let port: number;
let token: string;

type Listening = { t: TestApp; port: number; token: string };

/** An app on the fake, listening on a free port, with a member's token. */
async function listeningApp(): Promise<Listening> {
  const app = await createTestApp({
    env: {
      ...fake.env,
      MARKET_POLL_MS: String(INTERVAL_MS),
      // One member on one address opens them all: lift the caps (stream-sessions.test.ts).
      MARKET_STREAMS_PER_MEMBER: String(CLIENTS),
      MARKET_STREAMS_PER_ADDRESS: String(CLIENTS),
      MAX_CONNECTIONS_PER_ADDRESS: String(CLIENTS + 10),
    },
  });
  const memberToken = await tokenOf(app, await createRootMember(app.ctx.database));
  await app.app.listen({ host: '127.0.0.1', port: 0 });
  return { t: app, port: (app.app.server.address() as AddressInfo).port, token: memberToken };
}

beforeAll(async () => {
  fake = await startFakeBinance();
  ({ t, port, token } = await listeningApp());
}, 60_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});

const openStream = (bearer = token, to = port) => streamOn(to, bearer);

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
    const started = Date.now();
    const before = streams.map((stream) => stream.events.length);
    const received = () =>
      streams.map((stream, index) => stream.events.length - (before[index] ?? 0));
    // Every client gets five polls' figures; then the upstream requests are counted.
    await until(() => Math.min(...received()) >= 5);
    const elapsed = Date.now() - started;
    const polls = fake.count('/api/v3/ticker/24hr');
    expect(fake.count()).toBe(polls);
    // Each frame came from one request (one may have left before the count began), and there
    // were no more requests than intervals: one per poll, not one per client.
    expect(polls).toBeGreaterThanOrEqual(Math.max(...received()) - 1);
    expect(polls).toBeLessThanOrEqual(Math.ceil(elapsed / INTERVAL_MS) + 1);

    const last = marketPairsData.parse(JSON.parse(streams.at(-1)?.events.at(-1) ?? '{}'));
    expect(last.source).toBe('live');
    expect(last.pairs.filter((pair) => pair.available)).toHaveLength(14);

    // The server lets go of every stream its browser left.
    for (const stream of streams) stream.request.destroy();
    const connections = promisify(t.app.server.getConnections.bind(t.app.server));
    await vi.waitFor(async () => expect(await connections()).toBe(0), {
      timeout: 30_000,
      interval: 20,
    });
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
});

describe('a server that stops', () => {
  it('ends the open streams, so the stop does not wait on them', async () => {
    // Its own app, since it closes it.
    const own = await listeningApp();
    const open = await openStream(own.token, own.port);
    await until(() => open.events.length > 0);
    const ended = new Promise((resolve) => open.request.on('close', resolve));
    await own.t.close();
    await ended;
  }, 60_000);
});
