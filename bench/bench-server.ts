// The real app on a fresh database of the PostgreSQL server named by BENCH_DATABASE_URL, plus a
// bare JSON route for comparison. Prints "READY <port> <token>" once a member is signed in.
import pino from 'pino';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config/env.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import { createMailer } from '../apps/api/src/lib/mailer.ts';
import { createServerTestDatabase } from '../apps/api/src/testing/database.ts';
import { createRootMember, ROOT_PASSWORD } from '../apps/api/src/testing/test-app.ts';

const database = await createServerTestDatabase(20);
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATABASE_URL: database.url,
});
const logger = pino({ level: 'silent' });
const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, logger });
const app = await buildApp(
  { config, database, clock: systemClock, mailer },
  { logger: false, serveWeb: false },
);
app.get('/bench/bare', async () => ({
  status: 'success',
  message: 'Success',
  data: { primary_wallet: 0, profit_wallet: 0 },
}));
await app.listen({ host: '127.0.0.1', port: 0 });

await createRootMember(database, 'BNCH2345', 'Bench Member');
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const login = await app.inject({
  method: 'POST',
  url: '/api/v1/auth/login',
  payload: { loginId: 'BNCH2345', password: ROOT_PASSWORD },
});
const token = (JSON.parse(login.body) as { data: { access_token: string } }).data.access_token;
console.log(`READY ${port} ${token}`);

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
