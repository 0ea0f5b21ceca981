import closeWithGrace from 'close-with-grace';
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type AppConfig } from './config/env.ts';
import { DEMO_ROOT_CODE, seedDemo } from './db/seed/demo.ts';
import { offsetClock, systemClock } from './lib/clock.ts';
import { createLogger, logFormatOf, mailLoggerOf } from './lib/logger.ts';
import { createMailer } from './lib/mailer.ts';
import {
  bootstrapDemoFinanceOperators,
  bootstrapOperator,
  DEMO_FINANCE_EMAILS,
  productionOperatorProblem,
} from './modules/operator/bootstrap.ts';
import { startScheduler } from './jobs/scheduler.ts';
import { openDatabaseAtStart, StartRefused } from './start-database.ts';
import { memberFilesKeyProblem } from './core/member-files/index.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({
    level: config.logLevel,
    format: logFormatOf(config.env, process.stdout.isTTY === true),
  });
  try {
    await start(config, logger);
  } catch (error) {
    if (error instanceof StartRefused) console.error(error.message);
    else logger.fatal({ err: error }, 'the server could not start');
    process.exit(1);
  }
}

async function start(config: AppConfig, logger: Logger): Promise<void> {
  const clock = config.appNow ? offsetClock(config.appNow) : systemClock;
  if (config.appNow)
    logger.warn(
      { appNow: config.appNow.toISOString() },
      'APP_NOW set: the server clock starts at that time',
    );

  const database = await openDatabaseAtStart(config, logger);
  logger.info(
    {
      engine: database.engine,
      ...('dataDir' in config.database ? { dataDir: config.database.dataDir } : {}),
    },
    'database ready, migrations applied',
  );
  // The operator first: the demo's history is confirmed and paid by it, as a real one is.
  const operator = await bootstrapOperator(database.db, config, clock.now());
  await bootstrapDemoFinanceOperators(database.db, config, clock.now());
  if (
    config.seedDemo &&
    (await seedDemo(database.db, {
      password: config.demoPassword,
      now: clock.now(),
      site: { publicUrl: config.publicUrl, explorers: config.explorers },
    }))
  ) {
    logger.info('demo data created');
  }
  if (config.env === 'production') {
    const problem = (await productionOperatorProblem(database.db)) ?? memberFilesKeyProblem(config);
    if (problem) {
      await database.close();
      throw new StartRefused(`Start refused: ${problem}`);
    }
  }

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    logger: mailLoggerOf(logger, config),
  });
  const app = await buildApp({ config, database, clock, mailer }, { logger });
  const scheduler = config.jobs.enabled ? startScheduler(app.ctx, logger) : null;
  closeWithGrace({ delay: 10_000, logger }, async ({ err }) => {
    if (err) logger.error({ err }, 'shutting down after an error');
    await scheduler?.stop();
    await app.close();
    mailer.close();
    await database.close();
  });
  await app.listen({ host: config.host, port: config.port });
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  logger.info(`Member app and API on ${url} (API docs ${url}/api/docs)`);
  if (config.seedDemo) {
    logger.info(
      `Demo sign-in: Registered ID ${DEMO_ROOT_CODE}, password from DEMO_PASSWORD (default demo-pass-2026)`,
    );
  }
  if (operator) {
    // The email only: a configured password is never logged, only the demo default is. Operators
    // sign in at the console, under PUBLIC_URL as the links in mails are.
    const consoleUrl = `${config.publicUrl}/operator`;
    logger.info(
      operator.demoPassword
        ? `Operator sign-in: ${operator.email} / ${operator.demoPassword} (demo default) at ${consoleUrl}`
        : `Operator sign-in: ${operator.email} (${operator.role}, ${operator.outcome}) with OPERATOR_PASSWORD at ${consoleUrl}`,
    );
  }
  if (operator?.demoPassword) {
    logger.info(
      `Four-eyes demo: ${DEMO_FINANCE_EMAILS.join(' and ')} (finance) with the same demo password`,
    );
  }
  if (config.devMailbox !== 'off')
    logger.info(
      `No SMTP_URL: mails are not sent; read them at ${url}/dev/mailbox` +
        (config.devMailbox === 'local' ? ' (from this machine only)' : ''),
    );
  else if (!config.smtpUrl) logger.warn('No SMTP_URL: mails are not sent and no page shows them');
}

await main();
