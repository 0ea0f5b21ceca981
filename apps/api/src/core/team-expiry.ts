import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { withJobLimits, type JobLimits } from '../db/statement-limits.ts';
import { loadCurrentPlan } from './plan.ts';
import { rankArguments } from './team.ts';

// A member stops counting as active in the team rollups when their last package ends. Nothing
// happens at that instant, so this run (every scheduler tick, and before a monthly run reads the
// ranks) catches up: one fewer active member on each ancestor's level and the sponsor's rank
// re-evaluated as of the instant the package ended (team_expire, migration 0012). Commissions
// never wait for it: they judge activity from the instants themselves.

/** Processes every member whose activity has ended by `now`; returns how many it changed. */
export async function expireTeamActivity(
  db: Db,
  now: Date,
  options: { batchSize: number; signal?: AbortSignal; limits?: JobLimits },
): Promise<number> {
  const plan = await loadCurrentPlan(db);
  let changed = 0;
  while (!options.signal?.aborted) {
    const [row] = await withJobLimits(db, options.limits, (executor) =>
      queryRows<{ changed: number }>(
        executor,
        sql`select team_expire(${now.toISOString()}::timestamptz, ${options.batchSize}::int,
          ${plan.settings.timeZone}, ${plan.version}::int, ${rankArguments(plan)}) as changed`,
      ),
    );
    const batch = row?.changed ?? 0;
    changed += batch;
    if (batch < options.batchSize) break;
  }
  return changed;
}
