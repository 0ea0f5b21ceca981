import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { jobRuns } from '../db/schema/platform.ts';

// A scheduled job claims each period in job_runs before working on it. The claim is not a lock:
// the work itself is idempotent (one row per member and period), so a period left `running` by a
// crashed or still-running instance is simply worked on again, and whoever finds nothing left
// marks it done. Only `done` makes a run skip the period.

/** Claims `period` for `job` unless it is already done; true when there is work to do. */
export async function claimPeriod(
  db: Executor,
  job: string,
  period: string,
  now: Date,
): Promise<boolean> {
  await db
    .insert(jobRuns)
    .values({ job, period, state: 'running', startedAt: now })
    .onConflictDoNothing();
  const [row] = await db
    .select({ state: jobRuns.state })
    .from(jobRuns)
    .where(and(eq(jobRuns.job, job), eq(jobRuns.period, period)));
  return row?.state === 'running';
}

/** Marks the period done with what it did; a second instance finishing the same period changes nothing. */
export async function finishPeriod(
  db: Executor,
  job: string,
  period: string,
  detail: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db
    .update(jobRuns)
    .set({ state: 'done', finishedAt: now, detail })
    .where(and(eq(jobRuns.job, job), eq(jobRuns.period, period), eq(jobRuns.state, 'running')));
}

/** Periods of `job` left running (claimed, never finished), oldest first. */
export async function unfinishedPeriods(db: Executor, job: string): Promise<string[]> {
  const rows = await db
    .select({ period: jobRuns.period })
    .from(jobRuns)
    .where(and(eq(jobRuns.job, job), eq(jobRuns.state, 'running')))
    .orderBy(jobRuns.period);
  return rows.map((row) => row.period);
}

/** The latest period of `job` ever claimed, done or not; null before the first run. */
export async function latestPeriod(db: Executor, job: string): Promise<string | null> {
  const [row] = await db
    .select({ period: sql<string | null>`max(${jobRuns.period})` })
    .from(jobRuns)
    .where(eq(jobRuns.job, job));
  return row?.period ?? null;
}

export type PeriodSteps = {
  /** The period `count` periods after `period` (negative: before). */
  step: (period: string, count: number) => string;
  /** How many periods back, `latest` included, a run catches up after an outage. */
  catchUp: number;
};

/**
 * The periods of `job` to run now, oldest first: `latest` (the newest period that has ended),
 * every period since the last one ever claimed (a server that was down), and periods a crashed
 * run left unfinished, all within the last `catchUp` periods. The first run ever runs `latest`
 * only: nothing was owed before the job existed. Periods are strings that sort by time.
 */
export async function duePeriods(
  db: Executor,
  job: string,
  latest: string,
  { step, catchUp }: PeriodSteps,
): Promise<string[]> {
  const oldest = step(latest, -(catchUp - 1));
  const claimed = await latestPeriod(db, job);
  const due = new Set(
    (await unfinishedPeriods(db, job)).filter((period) => period >= oldest && period <= latest),
  );
  const first = claimed ? [step(claimed, 1), oldest].sort().at(-1)! : latest;
  for (let period = first; period <= latest; period = step(period, 1)) due.add(period);
  return [...due].sort();
}
