import type { DashboardMoney } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { MINUTE_MS, type Clock } from '../../lib/clock.ts';
import {
  readReconciliationSources,
  reconciliationIssues,
  type ReconciliationSources,
} from './reconciliation.ts';

/**
 * The overview shows the last reconciliation when it is this recent. The check scans every
 * posting (decision 0029 measured it); a dashboard open on several screens and refreshed every
 * minute should not run it each time, while the report itself always runs it afresh.
 */
export const RECONCILIATION_REUSE_MS = 5 * MINUTE_MS;

type Summary = DashboardMoney['reconciliation'];

const summaryOf = (sources: ReconciliationSources): Summary => ({
  ok: sources.check.ok,
  checkedAt: sources.now.toISOString(),
  issues: reconciliationIssues(sources),
});

/** This process's last reconciliation; concurrent callers share one run in flight. */
export function lastReconciliation(db: Executor, clock: Clock) {
  let last: Summary | null = null;
  let inFlight: Promise<ReconciliationSources> | null = null;

  const run = (): Promise<ReconciliationSources> => {
    inFlight ??= readReconciliationSources(db, clock.now())
      .then((sources) => {
        last = summaryOf(sources);
        return sources;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  const read = async (): Promise<Summary> => {
    const age = last ? clock.now().getTime() - Date.parse(last.checkedAt) : Infinity;
    // A clock moved backwards (tests, APP_NOW) makes the age negative: run again then too.
    if (last && age >= 0 && age < RECONCILIATION_REUSE_MS) return last;
    return summaryOf(await run());
  };

  return { run, read };
}
