// The weekly and the monthly income runs over a generated team of 100,000 and 1,000,000 members
// (team-data.ts) on a fresh PostgreSQL database each, 127.0.0.1 only: the run that records the
// period's incomes, then the settlement that credits them through the ledger, each timed, and
// every figure checked against a model of the plan computed here from the tree's numbering.
// Usage: npm run bench:team-runs -w bench   (BENCH_TEAM_SIZES=100000,1000000; BENCH_DATABASE_URL)
import { sql } from 'drizzle-orm';
import { benchDatabaseUrl, stopAfter } from './bench-database.ts';
import { BENCH_BRANCHING, BENCH_WEEK_START, generateTeam } from './team-data.ts';
import { measureCpu } from './cpu.ts';

benchDatabaseUrl();
stopAfter('bench:team-runs', 30);
const sizes = (process.env.BENCH_TEAM_SIZES ?? '100000,1000000').split(',').map(Number);
const BRANCHING = BENCH_BRANCHING;

// Members join and buy in the week of Monday 2026-11-16 (UTC, the plan's time zone); the weekly
// run pays that week the next Monday, the monthly run pays November on 1 December.
const WEEK_START = BENCH_WEEK_START;
const WEEKLY_AT = new Date('2026-11-23T06:00:00Z');
const MONTHLY_AT = new Date('2026-12-01T06:00:00Z');

const { createServerTestDatabase } = await import('../apps/api/src/testing/database.ts');
const { loadCurrentPlan } = await import('../apps/api/src/core/plan.ts');
const { runWeeklyIncome } = await import('../apps/api/src/modules/income/weekly-income.ts');
const { runMonthlyIncome } = await import('../apps/api/src/modules/income/monthly-income.ts');
const { settlePendingIncomes } = await import('../apps/api/src/modules/income/settlement.ts');
const { getHouseBalances, reconcile } = await import('../apps/api/src/ledger/index.ts');
const { queryRows } = await import('../apps/api/src/db/client.ts');
const { formatDollars } = await import('@app/contracts');
type Plan = Awaited<ReturnType<typeof loadCurrentPlan>>;

const runBatchSize = Number(process.env.INCOME_RUN_BATCH_SIZE ?? 5_000);
const settlementBatchSize = Number(process.env.SETTLEMENT_BATCH_SIZE ?? 2_000);
const INVESTED = [100_000_000n, 1_000_000_000n, 3_000_000_000n];

/**
 * The plan's weekly and monthly income for every member of the numbered tree, computed from the
 * numbering alone: each member's business is what the members 1–10 levels below bought.
 */
function modelIncomes(members: number, plan: Plan) {
  const business = new Array<bigint>(members + 1).fill(0n);
  const directs = new Array<number>(members + 1).fill(0);
  for (let n = 2; n <= members; n++) {
    const invested = INVESTED[n % 3]!;
    directs[Math.floor((n - 2) / BRANCHING) + 1]! += 1;
    for (let up = n, depth = 1; up > 1 && depth <= 10; depth++) {
      up = Math.floor((up - 2) / BRANCHING) + 1;
      business[up]! += invested;
    }
  }
  const tiers = [...plan.settings.weeklyTiers].reverse();
  const ranks = plan.settings.ranks;
  const model = { weekly: 0n, weeklyCount: 0, monthly: 0n, monthlyCount: 0 };
  for (let n = 1; n <= members; n++) {
    const tier = tiers.find((candidate) => business[n]! >= candidate.fromBusiness);
    const weekly = tier ? (business[n]! * BigInt(tier.rate)) / 1_000_000n : 0n;
    if (weekly > 0n) {
      model.weekly += weekly;
      model.weeklyCount += 1;
    }
    const rank = ranks.findLast(
      (candidate) =>
        business[n]! >= candidate.teamBusiness && directs[n]! >= candidate.activeDirects,
    );
    if (rank && rank.monthlySalary > 0n) {
      model.monthly += rank.monthlySalary;
      model.monthlyCount += 1;
    }
  }
  return model;
}

async function timedSeconds<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, (performance.now() - started) / 1000];
}

type Figures = { members: number; weekly: number; monthly: number };
const results: Figures[] = [];

for (const members of sizes) {
  const database = await createServerTestDatabase(4);
  const db = database.db;
  const name = new URL(database.url).pathname.slice(1);
  try {
    const plan = await loadCurrentPlan(db);
    // Bulk-loaded by the owner: the request role may not write the ledger's tables (decision 0030).
    const [generation, generationSeconds] = await timedSeconds(() =>
      database.asOwner((owner) =>
        generateTeam(
          owner,
          { members, branching: BRANCHING, weekStart: WEEK_START },
          plan.settings.ranks,
        ),
      ),
    );
    const steps = Object.entries(generation)
      .map(([step, seconds]) => `${step} ${seconds.toFixed(1)} s`)
      .join(', ');
    console.log(
      `\n${members.toLocaleString('en')} members (${BRANCHING} directs each, ${plan.settings.ranks.length} ranks) generated in ${generationSeconds.toFixed(1)} s: ${steps}`,
    );
    const model = modelIncomes(members, plan);

    const period = async (
      label: string,
      kind: 'weekly-income' | 'monthly-income',
      run: () => Promise<unknown>,
      expected: { amount: bigint; count: number },
    ) => {
      const cpu = measureCpu(name);
      const [, runSeconds] = await timedSeconds(run);
      const runCpu = cpu(members);
      const [recorded] = await queryRows<{ count: number; amount: string }>(
        db,
        sql`select count(*)::int as count, coalesce(sum(amount), 0)::text as amount
        from incomes where kind = ${kind}`,
      );
      if (recorded!.count !== expected.count || BigInt(recorded!.amount) !== expected.amount)
        throw new Error(
          `${label}: recorded ${recorded!.count} incomes of ${recorded!.amount}, the model says ${expected.count} of ${expected.amount}`,
        );
      const settleCpu = measureCpu(name);
      const [settled, settleSeconds] = await timedSeconds(() =>
        settlePendingIncomes(db, label === 'weekly' ? WEEKLY_AT : MONTHLY_AT, {
          batchSize: settlementBatchSize,
        }),
      );
      const settleCpuReport = settleCpu(settled.incomes);
      if (settled.incomes !== expected.count)
        throw new Error(`${label}: settled ${settled.incomes}, expected ${expected.count}`);
      console.log(
        `${label}: recorded ${expected.count.toLocaleString('en')} incomes (${formatDollars(expected.amount)}, as the model says) in ${runSeconds.toFixed(2)} s, batches of ${runBatchSize}; ${runCpu}`,
      );
      console.log(
        `${label}: settled ${settled.incomes.toLocaleString('en')} in ${settled.transfers.toLocaleString('en')} transfers in ${settleSeconds.toFixed(2)} s = ${(settled.incomes / settleSeconds).toFixed(0)} incomes/s, batches of ${settlementBatchSize}; ${settleCpuReport}`,
      );
      console.log(
        `${label}: run and settlement ${(runSeconds + settleSeconds).toFixed(2)} s for ${members.toLocaleString('en')} members (target < 60 s for 1,000,000)`,
      );
      return runSeconds + settleSeconds;
    };

    const weekly = await period(
      'weekly',
      'weekly-income',
      () => runWeeklyIncome(db, WEEKLY_AT, { batchSize: runBatchSize }),
      { amount: model.weekly, count: model.weeklyCount },
    );
    const monthly = await period(
      'monthly',
      'monthly-income',
      () => runMonthlyIncome(db, MONTHLY_AT, { batchSize: runBatchSize }),
      { amount: model.monthly, count: model.monthlyCount },
    );

    // The books: balanced, and the house paid exactly the two runs' incomes.
    const [, reconcileSeconds] = await timedSeconds(async () => {
      if (!(await reconcile(db)).ok) throw new Error('the ledger does not reconcile');
    });
    const paid = -((await getHouseBalances(db)).get('house:reward-expense') ?? 0n);
    if (paid !== model.weekly + model.monthly)
      throw new Error(`the house paid ${paid}, the model says ${model.weekly + model.monthly}`);
    console.log(
      `ledger reconciled in ${reconcileSeconds.toFixed(1)} s; house paid ${formatDollars(paid)}`,
    );
    results.push({ members, weekly, monthly });
  } finally {
    await database.close();
  }
}

if (results.length > 1) {
  const [first, last] = [results[0]!, results.at(-1)!];
  const growth = (figure: 'weekly' | 'monthly') =>
    `${figure} ×${(last[figure] / first[figure]).toFixed(1)}`;
  console.log(
    `\n${first.members.toLocaleString('en')} → ${last.members.toLocaleString('en')} members (×${last.members / first.members}): ${growth('weekly')}, ${growth('monthly')}`,
  );
}
