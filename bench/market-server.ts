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
import { createRootMember, ROOT_PASSWORD } from '../apps/api/src/testing/test-app.ts';

const database = await createPgliteTestDatabase();
const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent' });
const logger = pino({ level: 'silent' });
const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, logger });
const app = await buildApp(
  { config, database, clock: systemClock, mailer },
  { logger: false, serveWeb: false },
);
await app.listen({ host: '127.0.0.1', port: 0 });

await createRootMember(database, 'MRKT2345', 'Market Bench');
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const login = await app.inject({
  method: 'POST',
  url: '/api/v1/auth/login',
  payload: { loginId: 'MRKT2345', password: ROOT_PASSWORD },
});
const token = (JSON.parse(login.body) as { data: { access_token: string } }).data.access_token;
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

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
