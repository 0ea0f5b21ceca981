// The API process of bench:market-streams: the real app on an in-memory PGlite with one signed-in
// member, its market feed configured by the MARKET_* variables the bench passes (the local
// Binance fake, or the simulation). Prints "READY <port> <token>", then every second a line
// "STATS <json>" with its own memory and CPU, which only this process can read (heap).
import pino from 'pino';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config/env.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import { createMailer } from '../apps/api/src/lib/mailer.ts';
import { createPgliteTestDatabase } from '../apps/api/src/testing/database.ts';
import { closeOnSignals, listenWithMember } from './bench-member.ts';

const database = await createPgliteTestDatabase();
const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent' });
const logger = pino({ level: 'silent' });
const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, logger });
const app = await buildApp(
  { config, database, clock: systemClock, mailer },
  { logger: false, serveWeb: false },
);
const { port, token } = await listenWithMember(app, database, 'MRKT2345', 'Market Bench');
console.log(`READY ${port} ${token}`);

let cpu = process.cpuUsage();
let at = performance.now();
setInterval(() => {
  const now = performance.now();
  const used = process.cpuUsage(cpu);
  const { rss, heapUsed, heapTotal } = process.memoryUsage();
  console.log(
    `STATS ${JSON.stringify({
      rss,
      heapUsed,
      heapTotal,
      cpuPercent: ((used.user + used.system) / 1000 / (now - at)) * 100,
    })}`,
  );
  cpu = process.cpuUsage();
  at = now;
}, 1_000).unref();

closeOnSignals(app, database);
