import { sql } from 'drizzle-orm';
import { MICROS_PER_DOLLAR, WITHDRAWAL_MIN_MICROS } from '@app/contracts';
import { queryRows, type Db } from '../client.ts';
import { getMemberBalances } from '../../ledger/index.ts';
import type { Plan } from '../../core/plan.ts';
import { buyPackage } from '../../modules/packages/buy-package.ts';
import { claimProfit } from '../../modules/packages/claim-profit.ts';
import { runMonthlyIncome } from '../../modules/income/monthly-income.ts';
import { settlePendingIncomes } from '../../modules/income/settlement.ts';
import { runWeeklyIncome } from '../../modules/income/weekly-income.ts';
import {
  confirmedDeposit,
  demoPayoutAddress,
  paidWithdrawal,
  type DemoSite,
} from './demo-money.ts';

// Ten weeks of demo life before the first start, through the real use cases at their own
// instants: each buyer deposits what a package costs and the operator confirms it, the team buys
// packages and claims its daily profit, the weekly and monthly runs pay, the settlement credits,
// a quarter tops its fund wallet up later, and a third of the team withdraws part of its profit,
// paid by the operator. So every income,
// team and money screen has rows at once, paid and not paid (two of DEMOROOT's directs never
// buy, and level 5 stays locked for DEMOROOT until its third direct buys), DEMOROOT reaches the
// first rank, and the console's money charts have ten weeks to draw.

/** A demo member; `serial` numbers them all (DEMOROOT 0), `index` within their level. */
export type DemoMember = {
  id: string;
  level: number;
  index: number;
  serial: number;
  joinedAt: Date;
};

export type DemoTeam = { root: DemoMember; team: DemoMember[]; plan: Plan; site: DemoSite };

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Purchase amounts in dollars, by member index. */
const AMOUNTS = [1000, 250, 500, 100, 2500, 150, 300, 750, 1200, 60];
/** What DEMOROOT keeps in its fund wallet: it deposits this and its package's price. */
export const DEMO_ROOT_FUND_MICROS = 10_000_000_000n; // $10,000
/** DEMOROOT's own package, in dollars. */
const ROOT_PACKAGE = 1000;
/** A buyer deposits its package's price and, one in three, $25 or $50 it keeps in its wallet. */
const leftover = (member: DemoMember) => BigInt((member.serial % 3) * 25) * MICROS_PER_DOLLAR;
/** Who withdraws: one in three buyers, five weeks after buying, half its profit wallet. */
const WITHDRAWAL_AFTER_MS = 35 * DAY_MS + 3 * HOUR_MS;
const withdraws = (member: DemoMember) => member.level > 0 && member.serial % 3 === 0;
/** Who tops up: one in four buyers, six weeks after buying, half its package's price. */
const TOP_UP_AFTER_MS = 42 * DAY_MS;
const topsUp = (member: DemoMember) => member.level > 0 && member.serial % 4 === 1;

type Step = { at: Date; run: () => Promise<unknown> };

/** Who buys when: everyone a day after joining, but every 6th never, and DEMOROOT's third direct late. */
function purchaseTime(member: DemoMember, start: Date): Date | null {
  if (member.level === 1 && member.index >= 3) return null; // two directs that never buy
  if (member.level > 1 && member.index % 6 === 5) return null;
  if (member.level === 1 && member.index === 2) return new Date(start.getTime() + 30 * DAY_MS);
  return new Date(member.joinedAt.getTime() + DAY_MS);
}

export async function seedDemoActivity(db: Db, demo: DemoTeam, now: Date): Promise<void> {
  const { root, team, site } = demo;
  const start = root.joinedAt;
  const steps: Step[] = [
    // DEMOROOT's deposit, confirmed 2 h later: its package and the $10,000 it keeps.
    {
      at: start,
      run: () =>
        confirmedDeposit(
          db,
          site,
          root.id,
          DEMO_ROOT_FUND_MICROS + BigInt(ROOT_PACKAGE) * MICROS_PER_DOLLAR,
          start,
        ),
    },
  ];
  for (const member of [root, ...team]) {
    const boughtAt =
      member === root ? new Date(start.getTime() + 3 * HOUR_MS) : purchaseTime(member, start);
    if (!boughtAt || boughtAt >= now) continue;
    const amount =
      BigInt(member === root ? ROOT_PACKAGE : AMOUNTS[member.index % AMOUNTS.length]!) *
      MICROS_PER_DOLLAR;
    if (member !== root) {
      // The money for the package, sent 4 h before buying and confirmed 2 h before.
      const sentAt = new Date(boughtAt.getTime() - 4 * HOUR_MS);
      const deposit = amount + leftover(member);
      steps.push({ at: sentAt, run: () => confirmedDeposit(db, site, member.id, deposit, sentAt) });
    }
    steps.push({ at: boughtAt, run: () => buy(db, member.id, amount, boughtAt) });
    const topUpAt = new Date(boughtAt.getTime() + TOP_UP_AFTER_MS);
    if (topsUp(member) && topUpAt < now)
      steps.push({
        at: topUpAt,
        run: () => confirmedDeposit(db, site, member.id, amount / 2n, topUpAt),
      });
    const withdrawAt = new Date(boughtAt.getTime() + WITHDRAWAL_AFTER_MS);
    if (withdraws(member) && withdrawAt.getTime() + DAY_MS < now.getTime())
      steps.push({ at: withdrawAt, run: () => withdrawHalf(db, demo, member, withdrawAt) });
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
  await buyPackage(db, { memberId, packageId, amount }, at);
}

/** Half the profit wallet in whole dollars, when that is at least the minimum withdrawal. */
async function withdrawHalf(db: Db, demo: DemoTeam, member: DemoMember, at: Date): Promise<void> {
  const { profit } = await getMemberBalances(db, member.id);
  const amount = (profit.available / 2n / MICROS_PER_DOLLAR) * MICROS_PER_DOLLAR;
  if (amount < WITHDRAWAL_MIN_MICROS) return;
  await paidWithdrawal(db, demo.site, {
    memberId: member.id,
    address: demoPayoutAddress(member.serial),
    amount,
    plan: demo.plan,
    at,
  });
}

const settle = (db: Db, at: Date) => settlePendingIncomes(db, at, { batchSize: 500 });
