import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// Real sockets against a listening app: a slow body must be cut off by the server's own limits,
// and one address may hold only so many connections. Small limits keep each test about a second.

const LIMITS = {
  HEADERS_TIMEOUT_MS: '300',
  REQUEST_TIMEOUT_MS: '600',
  MAX_CONNECTIONS_PER_ADDRESS: '3',
};

type Peer = { socket: Socket; received: () => string; closed: Promise<number> };

/** A raw client: what it has received so far, and when (ms after connecting) it was closed. */
function open(port: number): Promise<Peer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined);
    const closed = new Promise<number>((done) =>
      socket.on('close', () => done(Date.now() - started)),
    );
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
    socket.once('error', reject);
  });
}

/** Resolves once the peer's received text matches, or fails the test on close. */
function receive(peer: Peer, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!pattern.test(peer.received())) return;
      peer.socket.off('data', check);
      resolve(peer.received());
    };
    peer.socket.on('data', check);
    void peer.closed.then(() =>
      pattern.test(peer.received()) ? resolve(peer.received()) : reject(new Error(peer.received())),
    );
    check();
  });
}

const slowLogin = (headers = '') =>
  'POST /api/v1/auth/login HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n' +
  `content-length: 60000\r\n${headers}\r\n{"loginId":"`;

const health = 'GET /api/v1/health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n';

async function listen(env: Record<string, string>): Promise<{ test: TestApp; port: number }> {
  const test = await createTestApp({ env: { ...LIMITS, ...env } });
  await test.app.listen({ host: '127.0.0.1', port: 0 });
  return { test, port: (test.app.server.address() as AddressInfo).port };
}

describe('slow clients, one address per socket', () => {
  let test: TestApp;
  let port: number;
  beforeAll(async () => ({ test, port } = await listen({})));
  afterAll(() => test.close());

  it('cuts off a body that trickles in, with a 408, within the request timeout', async () => {
    const peer = await open(port);
    peer.socket.write(slowLogin());
    // The client keeps sending a byte now and then, as the reported slow clients did.
    const trickle = setInterval(() => peer.socket.write('a'), 50);
    const closedAfter = await peer.closed;
    clearInterval(trickle);
    expect(peer.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfter).toBeGreaterThanOrEqual(500);
    expect(closedAfter).toBeLessThan(600 + 500);
  });

  it('cuts off headers that never end within the headers timeout', async () => {
    const peer = await open(port);
    peer.socket.write('GET /api/v1/health HTTP/1.1\r\nhost: 127.0.0.1\r\n');
    const closedAfter = await peer.closed;
    expect(peer.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfter).toBeLessThan(300 + 500);
  });

  it('refuses the connection over the cap in the envelope, and serves the others', async () => {
    const held = await Promise.all([open(port), open(port), open(port)]);
    for (const peer of held) peer.socket.write(health);
    await Promise.all(held.map((peer) => receive(peer, /"status":"success"/)));

    const refused = await open(port);
    await refused.closed;
    expect(refused.received()).toMatch(/^HTTP\/1\.1 429/);
    expect(refused.received()).toMatch(/retry-after: 5/);
    expect(refused.received()).toContain('"error":"RATE_LIMITED"');

    // The held connections still work (keep-alive), and one closing frees its place.
    const [first] = held;
    first!.socket.write(health);
    await receive(first!, /"status":"success"[\s\S]*"status":"success"/);
    first!.socket.destroy();
    await first!.closed;
    await expect(acceptedAfterRelease(port)).resolves.toMatch(/"status":"success"/);
    for (const peer of held) peer.socket.destroy();
  });
});

/** The server sees a client's close a moment after the client does: try until it has. */
async function acceptedAfterRelease(port: number): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const peer = await open(port);
    peer.socket.write(health);
    const text = await receive(peer, /"status":"(success|error)"/);
    peer.socket.destroy();
    if (!text.startsWith('HTTP/1.1 429')) return text;
  }
  throw new Error('the released connection was never accepted');
}

describe('slow clients behind a trusted proxy', () => {
  let test: TestApp;
  let port: number;
  beforeAll(async () => ({ test, port } = await listen({ TRUST_PROXY: 'true' })));
  afterAll(() => test.close());

  it('counts requests per forwarded address, not per proxy connection', async () => {
    const from = (address: string) => `x-forwarded-for: ${address}\r\n`;
    const slow = await Promise.all([open(port), open(port), open(port)]);
    for (const peer of slow) peer.socket.write(slowLogin(from('203.0.113.7')));

    const over = await open(port);
    over.socket.write(slowLogin(from('203.0.113.7')));
    const refusal = await receive(over, /"error":"RATE_LIMITED"/);
    expect(refusal).toMatch(/^HTTP\/1\.1 429/);

    const other = await open(port);
    other.socket.write(health.replace('\r\n\r\n', `\r\n${from('198.51.100.2')}\r\n`));
    await expect(receive(other, /"status":"success"/)).resolves.toMatch(/^HTTP\/1\.1 200/);
    for (const peer of [...slow, over, other]) peer.socket.destroy();
  });
});
