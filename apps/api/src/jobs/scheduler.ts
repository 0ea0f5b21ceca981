import { Cron } from 'croner';
import type { Logger } from 'pino';
import type { AppContext } from '../app-context.ts';
import { expireTeamActivity } from '../core/team-expiry.ts';
import { runCompounding } from '../modules/compounding/compounding-run.ts';
import { runMonthlyIncome } from '../modules/income/monthly-income.ts';
import { settlePendingIncomes } from '../modules/income/settlement.ts';
import { runWeeklyIncome } from '../modules/income/weekly-income.ts';
import { sendDueMails } from './mail-sender.ts';
import { runMemberMails } from './member-mail-run.ts';
import { runRetention } from './retention-run.ts';

// Scheduled jobs of this process: croner triggers, and each run claims its period in the
// database, so any number of instances may run them. The trigger is a frequent tick rather than a cron at midnight: the period comes from
// the app clock (APP_NOW may put it days away from the wall clock) and the plan's time zone, and
// a tick that finds its period done costs two small queries. So a business day is paid within
// TICK of its end, and once at start-up.

/** Every five minutes of wall-clock time. */
const TICK = '*/5 * * * *';
/**
 * Earned incomes are credited within seconds: every 2 s a settlement takes what is pending (a
 * look at an empty partial index when nothing is).
 */
const SETTLEMENT_TICK = '*/2 * * * * *';
/**
 * The mail outbox is looked at every 5 s: the first retry of a failed send is due 5 s after it,
 * and a look at an empty partial index costs next to nothing.
 */
const MAIL_TICK = '*/5 * * * * *';
/** Rows the retention run deletes per statement. */
const RETENTION_BATCH_SIZE = 1_000;
/** Members whose activity ended, processed per statement (each locks its upline briefly). */
const EXPIRY_BATCH_SIZE = 100;

export type Scheduler = { stop: () => Promise<void> };

export function startScheduler(ctx: AppContext, logger: Logger): Scheduler {
  const controller = new AbortController();
  // Each batch statement runs with the scheduled runs' longer lock and statement timeouts, set
  // LOCAL in its own transaction (decision 0039); the request role's short ones apply otherwise.
  const limits = ctx.config.databaseLimits.jobs;
  let running: Promise<void> | null = null;

  const runCompoundingJob = async () => {
    const report = await runCompounding(ctx.database.db, ctx.clock.now(), {
      batchSize: ctx.config.jobs.compoundingBatchSize,
      signal: controller.signal,
      limits,
    });
    for (const day of report.days)
      logger.info(
        { job: 'compounding', day: day.day, members: day.members, amount: String(day.amount) },
        'compounding income paid',
      );
  };
  const runRetentionJob = async () => {
    const report = await runRetention(ctx.database.db, ctx.clock.now(), {
      batchSize: RETENTION_BATCH_SIZE,
      signal: controller.signal,
      limits,
    });
    if (report) logger.info({ job: 'retention', ...report }, 'expired rows deleted');
  };
  const runTeamJobs = async () => {
    const now = ctx.clock.now();
    const db = ctx.database.db;
    const options = {
      batchSize: ctx.config.jobs.incomeRunBatchSize,
      signal: controller.signal,
      limits,
    };
    const expired = await expireTeamActivity(db, now, {
      batchSize: EXPIRY_BATCH_SIZE,
      signal: controller.signal,
      limits,
    });
    if (expired > 0) logger.info({ job: 'team-expiry', members: expired }, 'team activity ended');
    for (const [job, periods] of [
      ['weekly-income', await runWeeklyIncome(db, now, options)],
      ['monthly-income', await runMonthlyIncome(db, now, options)],
    ] as const)
      for (const period of periods)
        logger.info(
          { job, period: period.period, members: period.members, amount: String(period.amount) },
          'period income recorded',
        );
  };
  const runMemberMailsJob = async () => {
    const report = await runMemberMails(ctx.database.db, ctx.clock.now(), {
      site: { publicUrl: ctx.config.publicUrl },
      signal: controller.signal,
      limits,
    });
    if (report.packagesEnded + report.digests > 0)
      logger.info({ job: 'member-mails', ...report }, 'package-ended mails and income digests');
  };
  const jobs = [
    { name: 'compounding', run: runCompoundingJob },
    { name: 'team', run: runTeamJobs },
    { name: 'member-mails', run: runMemberMailsJob },
    { name: 'retention', run: runRetentionJob },
  ];

  const tick = async () => {
    for (const job of jobs) {
      if (controller.signal.aborted) return;
      try {
        await job.run();
      } catch (error) {
        // The next tick resumes the period: whatever was done so far is committed and kept.
        logger.error({ err: error, job: job.name }, `${job.name} run failed`);
      }
    }
  };
  // A tick while the previous run (or the start-up one) is still going is skipped, not stacked.
  const start = () =>
    (running ??= tick().finally(() => {
      running = null;
    }));

  let settling: Promise<void> | null = null;
  const settle = () =>
    (settling ??= settlePendingIncomes(ctx.database.db, ctx.clock.now(), {
      batchSize: ctx.config.jobs.settlementBatchSize,
      signal: controller.signal,
      limits,
    })
      .then((report) => {
        if (report.incomes > 0) logger.info({ job: 'settlement', ...report }, 'incomes credited');
      })
      .catch((error: unknown) =>
        logger.error({ err: error, job: 'settlement' }, 'settlement failed'),
      )
      .finally(() => {
        settling = null;
      }));

  let mailing: Promise<void> | null = null;
  const sendMails = () =>
    (mailing ??= sendDueMails(ctx, logger, controller.signal)
      .then((report) => {
        if (report.sent + report.failed > 0) logger.info({ job: 'mail', ...report }, 'mails sent');
      })
      .catch((error: unknown) => logger.error({ err: error, job: 'mail' }, 'mail sending failed'))
      .finally(() => {
        mailing = null;
      }));

  const cron = new Cron(TICK, { name: 'scheduled-jobs' }, start);
  const settlementCron = new Cron(SETTLEMENT_TICK, { name: 'income-settlement' }, settle);
  const mailCron = new Cron(MAIL_TICK, { name: 'mail-outbox' }, sendMails);
  void start();
  void sendMails();
  return {
    stop: async () => {
      cron.stop();
      settlementCron.stop();
      mailCron.stop();
      controller.abort();
      await Promise.all([running, settling, mailing]);
    },
  };
}
