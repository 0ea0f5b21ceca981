import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client.ts';
import { adjustMemberBalance } from '../../ledger/index.ts';
import { buyPackage } from '../../modules/packages/buy-package.ts';
import { claimProfit } from '../../modules/packages/claim-profit.ts';
import { runMonthlyIncome } from '../../modules/income/monthly-income.ts';
import { settlePendingIncomes } from '../../modules/income/settlement.ts';
import { runWeeklyIncome } from '../../modules/income/weekly-income.ts';

// Ten weeks of demo life before the first start, through the real use cases at their own
// instants: the team buys packages and claims its daily profit, the weekly and monthly runs pay,
// the settlement credits. So every income and team screen has rows at once, paid and not paid
// (two of DEMOROOT's directs never buy, and level 5 stays locked for DEMOROOT until its third
// direct buys), and DEMOROOT reaches the first rank.

export type DemoMember = { id: string; level: number; index: number; joinedAt: Date };

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Purchase amounts in dollars, by member index. */
const AMOUNTS = [1000, 250, 500, 100, 2500, 150, 300, 750, 1200, 60];

type Step = { at: Date; run: () => Promise<unknown> };

/** Who buys when: everyone a day after joining, but every 6th never, and DEMOROOT's third direct late. */
function purchaseTime(member: DemoMember, start: Date): Date | null {
  if (member.level === 1 && member.index >= 3) return null; // two directs that never buy
  if (member.level > 1 && member.index % 6 === 5) return null;
  if (member.level === 1 && member.index === 2) return new Date(start.getTime() + 30 * DAY_MS);
  return new Date(member.joinedAt.getTime() + DAY_MS);
}

export async function seedDemoActivity(
  db: Db,
  root: DemoMember,
  team: DemoMember[],
  now: Date,
): Promise<void> {
  const start = root.joinedAt;
  const steps: Step[] = [];
  for (const member of [root, ...team]) {
    const boughtAt =
      member === root ? new Date(start.getTime() + HOUR_MS) : purchaseTime(member, start);
    if (!boughtAt || boughtAt >= now) continue;
    const amount =
      BigInt(member === root ? 1000 : AMOUNTS[member.index % AMOUNTS.length]!) * 1_000_000n;
    // DEMOROOT pays from its own opening $10,000 plus what it is given here: it keeps $10,000.
    steps.push({ at: boughtAt, run: () => buy(db, member.id, amount, boughtAt) });
    for (let at = boughtAt.getTime() + 7 * DAY_MS; at < now.getTime(); at += 7 * DAY_MS) {
      const claimAt = new Date(at);
      steps.push({ at: claimAt, run: () => claimProfit(db, member.id, claimAt).catch(() => null) });
    }
  }
  for (let day = start.getTime() + DAY_MS; day < now.getTime(); day += DAY_MS) {
    const date = new Date(day);
    const runAt = new Date(
      Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), 0, 30),
    );
    if (runAt >= now) continue;
    if (runAt.getUTCDay() === 1)
      steps.push({ at: runAt, run: () => runWeeklyIncome(db, runAt, { batchSize: 100 }) });
    if (runAt.getUTCDate() === 1)
      steps.push({ at: runAt, run: () => runMonthlyIncome(db, runAt, { batchSize: 100 }) });
    steps.push({ at: new Date(runAt.getTime() + HOUR_MS), run: () => settle(db, runAt) });
  }
  steps.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const step of steps) await step.run();
  await settle(db, now);
}

async function buy(db: Db, memberId: string, amount: bigint, at: Date): Promise<void> {
  const [{ id: packageId } = { id: '' }] = await queryRows<{ id: string }>(
    db,
    sql`select id from packages where active and min_amount <= ${amount} and max_amount >= ${amount}
    order by sort_order limit 1`,
  );
  // The team's money for its package, made by an adjustment like DEMOROOT's opening balance.
  await adjustMemberBalance(db, {
    memberId,
    wallet: 'fund',
    amount,
    reference: `demo:package-fund:${memberId}`,
    reason: 'Demo package money',
    now: at,
  });
  await buyPackage(db, { memberId, packageId, amount }, at);
}

const settle = (db: Db, at: Date) => settlePendingIncomes(db, at, { batchSize: 500 });
