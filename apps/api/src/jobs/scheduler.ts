import { Cron } from 'croner';
import type { Logger } from 'pino';
import type { AppContext } from '../app-context.ts';
import { runCompounding } from '../modules/compounding/compounding-run.ts';

// Scheduled jobs of this process (DESIGN.md: croner triggers, each run claims its period in the
// database). The trigger is a frequent tick rather than a cron at midnight: the period comes from
// the app clock (APP_NOW may put it days away from the wall clock) and the plan's time zone, and
// a tick that finds its period done costs two small queries. So a business day is paid within
// TICK of its end, and once at start-up.

/** Every five minutes of wall-clock time. */
const TICK = '*/5 * * * *';

export type Scheduler = { stop: () => Promise<void> };

export function startScheduler(ctx: AppContext, logger: Logger): Scheduler {
  const controller = new AbortController();
  let running: Promise<void> | null = null;

  const tick = async () => {
    try {
      const report = await runCompounding(ctx.database.db, ctx.clock.now(), {
        batchSize: ctx.config.jobs.compoundingBatchSize,
        signal: controller.signal,
      });
      for (const day of report.days)
        logger.info(
          { job: 'compounding', day: day.day, members: day.members, amount: String(day.amount) },
          'compounding income paid',
        );
    } catch (error) {
      // The next tick resumes the period: everything paid so far is committed and kept.
      logger.error({ err: error, job: 'compounding' }, 'compounding run failed');
    }
  };
  // A tick while the previous run (or the start-up one) is still going is skipped, not stacked.
  const start = () =>
    (running ??= tick().finally(() => {
      running = null;
    }));

  const cron = new Cron(TICK, { name: 'compounding' }, start);
  void start();
  return {
    stop: async () => {
      cron.stop();
      controller.abort();
      await running;
    },
  };
}
