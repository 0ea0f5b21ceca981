// Helpers for the team and income suites (tests only): members placed under a sponsor with a
// funded wallet, purchases picked by amount from the demo catalogue, the settlement, and the
// income records and profit balances the tests compare to the micro-dollar.
import { sql } from 'drizzle-orm';
import { PLAN_DEFAULTS, type PlanDocument } from '@app/contracts';
import { queryRows } from '../db/client.ts';
import { getMemberBalances } from '../ledger/index.ts';
import { forgetCachedPlan } from '../core/plan.ts';
import { settlePendingIncomes } from '../modules/income/settlement.ts';
import { buy, fundedMember, readCatalogue, usd } from './members.ts';
import type { TestApp } from './test-app.ts';

/** A member under `sponsor` with $100,000 to buy with. */
export const teamMember = (t: TestApp, sponsor: string | null) =>
  fundedMember(t, usd('100000'), sponsor);

/** The demo package whose range holds `amount` (dollars as text). */
async function packageFor(t: TestApp, amount: string): Promise<string> {
  const catalogue = await readCatalogue(t);
  const micros = usd(amount);
  if (micros < usd('500')) return catalogue.Starter!;
  return micros < usd('2500') ? catalogue.Growth! : catalogue.Pro!;
}

/** Buys the package that fits `amount` at the clock's now; fails the test if refused. */
export async function buyAmount(t: TestApp, memberId: string, amount: string): Promise<string> {
  const answer = await buy(t, memberId, { packageId: await packageFor(t, amount), amount });
  if (answer.status !== 200) throw new Error(`buy ${amount} answered ${answer.status}`);
  return answer.body.data.id as string;
}

/**
 * Credits every pending income at the clock's now, in one batch: under a cap, a batch credits a
 * member's kinds in kind order, so a member whose incomes straddled two batches would be capped in
 * id order instead, and the plan model (one settlement, kind order) would disagree. A database
 * shared by many cases can hold well over a thousand pending incomes.
 */
export const settle = (t: TestApp) =>
  settlePendingIncomes(t.ctx.database.db, t.clock.now(), { batchSize: 100_000 });

export type IncomeRow = {
  member_id: string;
  kind: string;
  status: string;
  amount: string;
  paid_amount: string | null;
  reason: string | null;
  level: number | null;
  plan_version: number;
};

/** The income records one event caused (by its source member), in level order. */
export const incomesFrom = (t: TestApp, sourceMemberId: string, kind?: string) =>
  queryRows<IncomeRow>(
    t.ctx.database.db,
    sql`select member_id, kind, status, amount::text, paid_amount::text, reason, level, plan_version
    from incomes where source_member_id = ${sourceMemberId}::uuid
      ${kind ? sql`and kind = ${kind}` : sql``}
    order by level, id`,
  );

/** Every income record of a member, oldest first. */
export const incomesOf = (t: TestApp, memberId: string) =>
  queryRows<IncomeRow>(
    t.ctx.database.db,
    sql`select member_id, kind, status, amount::text, paid_amount::text, reason, level, plan_version
    from incomes where member_id = ${memberId}::uuid order by id`,
  );

export const profitOf = async (t: TestApp, memberId: string) =>
  (await getMemberBalances(t.ctx.database.db, memberId)).profit.balance;

/** Publishes a plan version made of the defaults and `change`, in force from the clock's now. */
export async function publishPlan(t: TestApp, change: Partial<PlanDocument>): Promise<number> {
  const db = t.ctx.database.db;
  const [row] = await queryRows<{ version: number }>(
    db,
    sql`insert into plan_versions (version, settings, created_at)
    select max(version) + 1, ${JSON.stringify({ ...PLAN_DEFAULTS, ...change })}::jsonb,
      ${t.clock.now().toISOString()}::timestamptz
    from plan_versions returning version`,
  );
  forgetCachedPlan(db);
  return row!.version;
}
