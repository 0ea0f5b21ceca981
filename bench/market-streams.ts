// 1,000 dashboards watching the market prices on one API process (127.0.0.1 only, bounded in
// time): the bench starts the API process (market-server.ts) against the local Binance fake (or
// the simulation, BENCH_MARKET=simulated), opens BENCH_STREAMS streams of GET market/stream at
// once, and prints every second the API process's memory (RSS, heap) and CPU, the events
// delivered and their delivery latency (from the figures being ready on the server, their
// `updatedAt`, to a client having read the event), then the upstream requests the fake counted.
// Usage: npm run bench:market-streams -w bench
import { spawn } from 'node:child_process';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { loadavg } from 'node:os';
import { startFakeBinance } from '../apps/api/src/testing/fake-binance.ts';
import { serverReady } from './bench-member.ts';

const streams = Number(process.env.BENCH_STREAMS ?? 1_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const intervalMs = Number(process.env.BENCH_INTERVAL_MS ?? 1_000);
const source = process.env.BENCH_MARKET === 'simulated' ? 'simulated' : 'binance';

const fake = await startFakeBinance();
const server = spawn(process.execPath, ['--import', 'tsx', 'market-server.ts'], {
  cwd: import.meta.dirname,
  env: {
    ...process.env,
    ...(source === 'binance' ? fake.env : { MARKET_DATA: 'simulated' }),
    MARKET_POLL_MS: String(intervalMs),
    // Every stream is one member's, from this one address: the caps would refuse all but a few.
    MAX_CONNECTIONS_PER_ADDRESS: String(streams + 100),
    MARKET_STREAMS_PER_MEMBER: String(streams),
    MARKET_STREAMS_PER_ADDRESS: String(streams),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});

type Stats = { rss: number; heapUsed: number; heapTotal: number; cpuPercent: number };
const serverStats: Stats[] = [];
const ready = await serverReady(server, (line) => {
  if (line.startsWith('STATS ')) serverStats.push(JSON.parse(line.slice(6)) as Stats);
});

/** Per second: events read and their latencies (ms). */
let delivered = 0;
let latencies: number[] = [];
let bytes = 0;
let open = 0;
let failed = 0;
const clients: ClientRequest[] = [];

function openStream(): Promise<void> {
  return new Promise((resolve) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: ready.port,
        path: '/api/v1/market/stream',
        headers: { authorization: `Bearer ${ready.token}`, accept: 'text/event-stream' },
        agent: false,
      },
      (response) => {
        if (response.statusCode !== 200) {
          failed += 1;
          response.resume();
          return resolve();
        }
        open += 1;
        resolve();
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const received = Date.now();
          bytes += Buffer.byteLength(chunk);
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            // Only the time is read, not the whole JSON: the clients must not be the bottleneck.
            const updatedAt = /"updatedAt":"([^"]+)"/.exec(frame)?.[1];
            if (updatedAt) {
              delivered += 1;
              latencies.push(received - Date.parse(updatedAt));
            }
            end = buffer.indexOf('\n\n');
          }
        });
        response.on('close', () => (open -= 1));
      },
    );
    request.on('error', () => {
      failed += 1;
      resolve();
    });
    request.end();
    clients.push(request);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const mb = (value: number) => (value / 1024 / 1024).toFixed(1);

try {
  // The API process's own figures before any stream (its PGlite database is most of the RSS).
  while (serverStats.length < 2) await new Promise((resolve) => setTimeout(resolve, 100));
  const before = serverStats.at(-1);
  const connectStart = performance.now();
  for (let index = 0; index < streams; index += 100) {
    await Promise.all(Array.from({ length: Math.min(100, streams - index) }, openStream));
  }
  const connectMs = performance.now() - connectStart;
  console.log(
    `\nMarket streams: ${open} of ${streams} open in ${(connectMs / 1000).toFixed(1)} s (${failed} failed), ` +
      `source ${source === 'binance' ? 'the local Binance fake' : 'the simulation'}, one poll every ${intervalMs} ms, ` +
      `API process idle before: RSS ${before ? mb(before.rss) : '?'} MB, heap ${before ? mb(before.heapUsed) : '?'} MB`,
  );
  // Let the first events (the latest figures each stream gets at once) pass.
  await new Promise((resolve) => setTimeout(resolve, 2 * intervalMs));
  delivered = 0;
  latencies = [];
  bytes = 0;
  fake.reset();
  const statsFrom = serverStats.length;
  console.log(
    's'.padStart(3),
    'open'.padStart(6),
    'events/s'.padStart(9),
    'MB/s'.padStart(6),
    'p50 ms'.padStart(7),
    'p99 ms'.padStart(7),
    'max ms'.padStart(7),
    'RSS MB'.padStart(7),
    'heap MB'.padStart(8),
    'CPU %'.padStart(6),
  );
  const all: number[] = [];
  let total = 0;
  for (let second = 1; second <= seconds; second += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const sorted = latencies.sort((a, b) => a - b);
    all.push(...sorted);
    total += delivered;
    const stats = serverStats.at(-1);
    console.log(
      String(second).padStart(3),
      String(open).padStart(6),
      String(delivered).padStart(9),
      (bytes / 1024 / 1024).toFixed(2).padStart(6),
      String(percentile(sorted, 50)).padStart(7),
      String(percentile(sorted, 99)).padStart(7),
      String(sorted.at(-1) ?? NaN).padStart(7),
      (stats ? mb(stats.rss) : '?').padStart(7),
      (stats ? mb(stats.heapUsed) : '?').padStart(8),
      (stats ? stats.cpuPercent.toFixed(1) : '?').padStart(6),
    );
    delivered = 0;
    latencies = [];
    bytes = 0;
  }
  const window = serverStats.slice(statsFrom);
  const average = (values: number[]) =>
    values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  all.sort((a, b) => a - b);
  console.log(
    `\nOver ${seconds} s: ${(total / seconds).toFixed(0)} events/s delivered to ${open} streams; ` +
      `latency p50 ${percentile(all, 50)} ms, p99 ${percentile(all, 99)} ms, max ${all.at(-1)} ms; ` +
      `API process CPU ${average(window.map((each) => each.cpuPercent)).toFixed(1)} % of a core on average, ` +
      `RSS up to ${mb(Math.max(...window.map((each) => each.rss)))} MB, heap up to ${mb(Math.max(...window.map((each) => each.heapUsed)))} MB`,
  );
  if (source === 'binance') {
    console.log(
      `Upstream: ${fake.count('/api/v3/ticker/24hr')} ticker requests to the fake in ${seconds} s ` +
        `(one per ${intervalMs} ms interval would be ${Math.round((seconds * 1000) / intervalMs)}), ${fake.count()} requests in all`,
    );
  }
  console.log(
    `Machine: load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
} finally {
  for (const client of clients) client.destroy();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await fake.close();
}
