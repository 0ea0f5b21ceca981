import { Cron } from 'croner';
import type { Logger } from 'pino';
import type { AppContext } from '../app-context.ts';
import { runCompounding } from '../modules/compounding/compounding-run.ts';
import { runRetention } from './retention-run.ts';

// Scheduled jobs of this process: croner triggers, and each run claims its period in the
// database, so any number of instances may run them. The trigger is a frequent tick rather than a cron at midnight: the period comes from
// the app clock (APP_NOW may put it days away from the wall clock) and the plan's time zone, and
// a tick that finds its period done costs two small queries. So a business day is paid within
// TICK of its end, and once at start-up.

/** Every five minutes of wall-clock time. */
const TICK = '*/5 * * * *';
/** Rows the retention run deletes per statement. */
const RETENTION_BATCH_SIZE = 1_000;

export type Scheduler = { stop: () => Promise<void> };

export function startScheduler(ctx: AppContext, logger: Logger): Scheduler {
  const controller = new AbortController();
  let running: Promise<void> | null = null;

  const runCompoundingJob = async () => {
    const report = await runCompounding(ctx.database.db, ctx.clock.now(), {
      batchSize: ctx.config.jobs.compoundingBatchSize,
      signal: controller.signal,
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
    });
    if (report) logger.info({ job: 'retention', ...report }, 'expired rows deleted');
  };
  const jobs = [
    { name: 'compounding', run: runCompoundingJob },
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

  const cron = new Cron(TICK, { name: 'scheduled-jobs' }, start);
  void start();
  return {
    stop: async () => {
      cron.stop();
      controller.abort();
      await running;
    },
  };
}
