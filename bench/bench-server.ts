// The real app on a fresh database of the PostgreSQL server named by BENCH_DATABASE_URL, plus a
// bare JSON route for comparison. Prints "READY <port> <token>" once a member is signed in.
import pino from 'pino';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config/env.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import { createMailer } from '../apps/api/src/lib/mailer.ts';
import { createServerTestDatabase } from '../apps/api/src/testing/database.ts';
import { closeOnSignals, listenWithMember } from './bench-member.ts';

const database = await createServerTestDatabase(20);
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATABASE_URL: database.url,
  // Every load connection comes from this one address.
  MAX_CONNECTIONS_PER_ADDRESS: '100000',
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
const { port, token } = await listenWithMember(app, database, 'BNCH2345', 'Bench Member');
// Its PostgreSQL backends name the database: the bench counts their CPU by it.
console.log(`DATABASE ${new URL(database.url).pathname.slice(1)}`);
console.log(`READY ${port} ${token}`);

closeOnSignals(app, database);
