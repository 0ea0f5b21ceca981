import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { PLAN_DEFAULTS, type PlanDocument } from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { expireTeamActivity } from '../../core/team-expiry.ts';
import { toPlanSettings } from '../../core/plan.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';
import { buy, claim, insertPackage, readCatalogue, usd } from '../../testing/members.ts';
import { assertProperty } from '../../testing/properties.ts';
import { publishPlan, settle, teamMember } from '../../testing/team.ts';
import { createTestApp, TEST_START, type TestApp } from '../../testing/test-app.ts';
import { PlanModel, type ModelEvent } from '../../core/plan-model.ts';
import { addMonths, runMonthlyIncome } from './monthly-income.ts';
import { runWeeklyIncome } from './weekly-income.ts';

// For random teams, random plans and random purchases and claims over a few weeks, what the
// database pays (every income kind, paid and not paid) equals what the plain model of the plan
// says, to the micro-dollar, and the ledger reconciles. A failing case prints its seed and path:
//   PLAN_PROPERTY_SEED=<seed> [PLAN_PROPERTY_PATH=<path>] npx vitest run --project api plan-model.property
// PLAN_PROPERTY_RUNS raises the number of cases (the default keeps this file near 30 s).

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Each case lives in its own stretch of time, so weeks and months run by one never hold another's. */
const CASE_SPACING_DAYS = 100;

const percentage = fc.integer({ min: 0, max: 100_000 }).map((units) => units / 10_000);
const plan = fc.record({
  referralBonusPercentage: percentage,
  teamLevel: fc.array(percentage, { minLength: 9, maxLength: 9 }),
  teamProfitPercentages: fc.array(percentage, { minLength: 10, maxLength: 10 }),
  directsRequired: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 10, maxLength: 10 }),
  tierRates: fc.array(percentage, { minLength: 3, maxLength: 3 }),
  rankDirects: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 3, maxLength: 3 }),
  // The cap is off in most plans (as by default), so that most incomes get paid.
  incomeCapMultiple: fc.oneof(
    { weight: 3, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: fc.constantFrom(0.5, 1, 2.25) },
  ),
});
type PlanChoice = typeof plan extends fc.Arbitrary<infer T> ? T : never;

const AMOUNTS = ['50', '60.5', '100', '333.333333', '777.777777', '1234.567891', '2500'];
const step = fc.oneof(
  fc.record({
    type: fc.constant('buy' as const),
    member: fc.nat(),
    amount: fc.constantFrom(...AMOUNTS),
    short: fc.boolean(),
  }),
  fc.record({ type: fc.constant('claim' as const), member: fc.nat() }),
  fc.record({ type: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 24 }) }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

const scenario = fc.record({
  sponsors: fc.array(fc.nat(), { minLength: 2, maxLength: 12 }),
  plan,
  steps: fc.array(step, { minLength: 5, maxLength: 35 }),
});

/** Small thresholds, so that random teams of a dozen reach ranks and tiers. */
function toDocument(choice: PlanChoice): PlanDocument {
  const [low, middle, high] = choice.tierRates as [number, number, number];
  const names = ['Bronze', 'Silver', 'Gold'];
  return {
    ...PLAN_DEFAULTS,
    referralBonusPercentage: choice.referralBonusPercentage,
    teamLevelBonusPercentages: [0, ...choice.teamLevel],
    teamProfitPercentages: choice.teamProfitPercentages,
    directsRequired: choice.directsRequired,
    weeklyTiers: [
      { fromBusiness: 50, percentage: low },
      { fromBusiness: 400, percentage: middle },
      { fromBusiness: 2000, percentage: high },
    ],
    ranks: [200, 900, 3000].map((teamBusiness, index) => ({
      name: names[index]!,
      teamBusiness,
      activeDirects: choice.rankDirects[index]!,
      monthlySalary: 5 * (index + 1),
      reward: 3 * (index + 1),
    })),
    incomeCapMultiple: choice.incomeCapMultiple,
  };
}

let t: TestApp;
let shortPackage: string;
let cases = 0;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(TEST_START);
  shortPackage = await insertPackage(t, { name: 'Three days', days: 3, rate: 10_000 });
  // The very first run of a job records only its latest period; later ones catch up. Run both
  // once now, so that every case's weeks and months are caught up like a running server's.
  await runWeeklyIncome(t.ctx.database.db, TEST_START, { batchSize: 100 });
  await runMonthlyIncome(t.ctx.database.db, TEST_START, { batchSize: 100 });
});
afterAll(() => t.close());

type Totals = Map<string, bigint>;
const key = (member: string, kind: string, status: string) => `${member} ${kind} ${status}`;

/** What the database paid and did not pay, by member, kind and status. */
async function databaseTotals(members: string[]): Promise<Totals> {
  const rows = await queryRows<{
    member_id: string;
    kind: string;
    status: string;
    paid: string;
    unpaid: string;
  }>(
    t.ctx.database.db,
    sql`select member_id, kind, status, sum(coalesce(paid_amount, 0))::text as paid,
      sum(amount - coalesce(paid_amount, 0))::text as unpaid
    from incomes where member_id in (${sql.join(
      members.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    group by 1, 2, 3`,
  );
  const totals: Totals = new Map();
  const add = (name: string, amount: bigint) => {
    if (amount !== 0n) totals.set(name, (totals.get(name) ?? 0n) + amount);
  };
  for (const row of rows) {
    add(key(row.member_id, row.kind, 'paid'), BigInt(row.paid));
    add(key(row.member_id, row.kind, 'unpaid'), BigInt(row.unpaid));
  }
  return totals;
}

function modelTotals(model: PlanModel): Totals {
  const totals: Totals = new Map();
  const add = (name: string, amount: bigint) => {
    if (amount !== 0n) totals.set(name, (totals.get(name) ?? 0n) + amount);
  };
  for (const income of model.incomes) {
    add(key(income.member, income.kind, 'paid'), income.paid);
    add(key(income.member, income.kind, 'unpaid'), income.amount - income.paid);
  }
  return totals;
}

/** Monday of the UTC week holding `at`. */
const mondayOf = (at: Date) => {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
};

async function runCase(input: { sponsors: number[]; plan: PlanChoice; steps: Step[] }) {
  cases += 1;
  const start = new Date(TEST_START.getTime() + cases * CASE_SPACING_DAYS * DAY_MS);
  t.clock.set(start);
  const document = toDocument(input.plan);
  await publishPlan(t, document);
  const model = new PlanModel(toPlanSettings(document));
  const catalogue = await readCatalogue(t);
  const members: string[] = [];
  for (const [index, choice] of [0, ...input.sponsors].entries()) {
    const sponsor = index === 0 ? null : members[choice % index]!;
    members.push(await teamMember(t, sponsor));
    model.apply({ type: 'join', member: members.at(-1)!, sponsor, at: start });
  }
  const both = async (event: ModelEvent, run: () => Promise<unknown>) => {
    await run();
    model.apply(event);
  };
  for (const item of input.steps) {
    const at = t.clock.now();
    await both({ type: 'expire', at }, () =>
      expireTeamActivity(t.ctx.database.db, at, { batchSize: 50 }),
    );
    if (item.type === 'wait') {
      t.clock.set(new Date(at.getTime() + item.hours * HOUR_MS));
      continue;
    }
    const member = members[item.member % members.length]!;
    if (item.type === 'claim') await both({ type: 'claim', member, at }, () => claim(t, member));
    else {
      const micros = usd(item.amount);
      const regular =
        micros < usd('500')
          ? catalogue.Starter!
          : micros < usd('2500')
            ? catalogue.Growth!
            : catalogue.Pro!;
      const [rate, days] = item.short
        ? [10_000, 3]
        : micros < usd('500')
          ? [3_000, 365]
          : micros < usd('2500')
            ? [4_000, 365]
            : [5_000, 365];
      await both(
        { type: 'buy', member, amount: micros, dailyRate: rate, totalDays: days, at },
        async () => {
          const answer = await buy(t, member, {
            packageId: item.short ? shortPackage : regular,
            amount: item.amount,
          });
          expect(answer.status).toBe(200);
        },
      );
    }
    await both({ type: 'settle', at }, () => settle(t));
  }
  // The weeks and the month of the case end; their runs record, the settlement credits.
  const end = t.clock.now();
  const firstOfNextMonth = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 1, 6));
  t.clock.set(firstOfNextMonth);
  const now = t.clock.now();
  await both({ type: 'expire', at: now }, () =>
    expireTeamActivity(t.ctx.database.db, now, { batchSize: 50 }),
  );
  for (
    let monday = mondayOf(start);
    monday.getTime() + 7 * DAY_MS <= now.getTime();
    monday = new Date(monday.getTime() + 7 * DAY_MS)
  )
    model.apply({ type: 'weekly', weekStart: monday.toISOString().slice(0, 10), at: now });
  await runWeeklyIncome(t.ctx.database.db, now, { batchSize: 3 });
  await runMonthlyIncome(t.ctx.database.db, now, { batchSize: 3 });
  for (
    let month = start.toISOString().slice(0, 7);
    month < now.toISOString().slice(0, 7);
    month = addMonths(month, 1)
  )
    model.apply({ type: 'monthly', month, at: now });
  await both({ type: 'settle', at: now }, () => settle(t));

  expect(Object.fromEntries(await databaseTotals(members))).toEqual(
    Object.fromEntries(modelTotals(model)),
  );
  const trade = await queryRows<{ member_id: string; total: string }>(
    t.ctx.database.db,
    sql`select member_id, sum(amount)::text as total from package_claims
    where status = 'paid' and member_id in (${sql.join(
      members.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    group by 1`,
  );
  expect(Object.fromEntries(trade.map((row) => [row.member_id, BigInt(row.total)]))).toEqual(
    Object.fromEntries(model.trade),
  );
  await expectReconciled(t.ctx.database.db);
}

it('pays every income exactly as the plan says, for random teams, plans and events', async () => {
  await assertProperty(fc.asyncProperty(scenario, runCase), {
    name: 'PLAN_PROPERTY',
    runs: 40,
    timeLimitMs: 200_000,
  });
}, 300_000);
