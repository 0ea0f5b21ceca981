import type { FastifyInstance, RouteOptions } from 'fastify';
import { loadCurrentPlan } from '../core/plan.ts';
import type { AppContext } from '../app-context.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { insertDemoMember } from '../db/seed/demo.ts';
import { manualClock, type ManualClock } from '../lib/clock.ts';
import { createMailer, type Mailer } from '../lib/mailer.ts';
import { hashPassword } from '../lib/passwords.ts';
import { withTransaction } from '../ledger/index.ts';
import pino, { type Logger } from 'pino';
import { createPgliteTestDatabase, createServerTestDatabase } from './database.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { TEST_START } from './test-clock.ts';

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  clock: ManualClock;
  smtp: SmtpSink;
  /**
   * Resolves once every mail the app has handed to the mailer so far is in `smtp.mails` (or
   * failed). The app sends after its answer; a test that asserts a mail did not come waits for
   * this first, so a slow mail cannot pass for a missing one.
   */
  mailsDelivered: () => Promise<void>;
  close: () => Promise<void>;
};

export { TEST_START } from './test-clock.ts';

/**
 * The real app on a fresh database (PGlite in memory, or a new database on the PostgreSQL
 * server), a clock the test moves by hand, and a real SMTP server receiving the mails.
 */
export async function createTestApp(
  options: {
    engine?: 'pglite' | 'postgres';
    env?: Record<string, string>;
    database?: Database;
    /** Extra routes (test-only endpoints) registered before the app is ready. */
    beforeReady?: (app: FastifyInstance) => Promise<void>;
    /** Sees every route the app registers (see BuildOptions.onRoute). */
    onRoute?: (route: RouteOptions) => void;
    /** The app's logger (e.g. one writing to a test's buffer); none by default. */
    logger?: Logger;
    /** A built web app to serve (a test's miniature build); by default none is served. */
    webDist?: string;
  } = {},
): Promise<TestApp> {
  const smtp = await startSmtpSink();
  const config = loadConfig({
    NODE_ENV: 'test',
    SMTP_URL: smtp.url,
    // Every test calls from 127.0.0.1 and signs up as many members as it needs: the volumes past
    // which a proof-of-work is asked for (decision 0050) are lifted, except where a test sets
    // them (the proof-of-work's own tests).
    PROOF_OF_WORK_REGISTRATIONS: '100000',
    PROOF_OF_WORK_RESET_REQUESTS: '100000',
    PROOF_OF_WORK_SIGN_IN_FAILURES: '100000',
    SIGN_IN_ACCOUNT_FAILURES: '100000',
    ...options.env,
  });
  const database =
    options.database ??
    (options.engine === 'postgres'
      ? await createServerTestDatabase()
      : await createPgliteTestDatabase());
  const clock = manualClock(TEST_START);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    logger: pino({ level: 'silent' }),
  });
  // A send resolves once the sink has answered its data, which it does after keeping the mail.
  const sending = new Set<Promise<void>>();
  const tracked: Mailer = {
    ...mailer,
    send: (mail) => {
      const sent = mailer.send(mail);
      const done = () => void sending.delete(sent);
      sending.add(sent);
      sent.then(done, done);
      return sent;
    },
  };
  const ctx: AppContext = { config, database, clock, mailer: tracked };
  const app = await buildApp(ctx, {
    serveWeb: options.webDist !== undefined,
    webDist: options.webDist,
    logger: options.logger,
    onRoute: options.onRoute,
  });
  if (options.beforeReady) await options.beforeReady(app);
  await app.ready();
  return {
    app,
    ctx,
    clock,
    smtp,
    mailsDelivered: async () => {
      while (sending.size > 0) await Promise.allSettled([...sending]);
    },
    close: async () => {
      await app.close();
      mailer.close();
      await smtp.close();
      if (!options.database) await database.close();
    },
  };
}

export const ROOT_PASSWORD = 'root-password-2026';

/** A verified root member to register others under. */
export async function createRootMember(
  database: Database,
  code = 'ROOT2345',
  name = 'Root Member',
): Promise<string> {
  const [passwordHash, plan] = await Promise.all([
    hashPassword(ROOT_PASSWORD),
    loadCurrentPlan(database.db),
  ]);
  return withTransaction(database.db, (tx) =>
    insertDemoMember(tx, {
      code,
      name,
      email: `${code.toLowerCase()}@example.com`,
      sponsorId: null,
      passwordHash,
      plan,
      now: TEST_START,
    }),
  );
}
