// The team form of the claims bench (`npm run bench:team-claims -w bench`): the members form one
// team, so every claim records the team profit of its 10 upline levels (income_fan_out), and the
// members at the top are upline of almost every claim, the rows a synchronous credit would make
// every claim wait for. Here: the team's shape, what the plan pays for it (worked out from the
// plan's rates, not from the SQL), the check of the income records against that, and the
// settlement that credits what the claims left pending.
import { sql } from 'drizzle-orm';
import { applyRate } from '@app/contracts';
import { queryRows, type Db } from '../apps/api/src/db/client.ts';
import { settlePendingIncomes } from '../apps/api/src/modules/income/settlement.ts';
import { measureCpu } from './cpu.ts';

/** The levels the plan pays team profit to. */
const LEVELS = 10;
/**
 * How many members of the next depth of the trunk each trunk member sponsors, for depths 0-8: a
 * chain of 6 leaders at the top, then the trunk doubles down to 16 members at depth 9, below
 * whom the rest of the members sit at depth 10.
 */
const TRUNK_CHILDREN = [1, 1, 1, 1, 1, 2, 2, 2, 2];
/** The trunk member at this depth is one active direct short of what level 10 − depth needs. */
const SHORT_DEPTH = 3;
/** The settlement's batch, as the API's default (SETTLEMENT_BATCH_SIZE). */
export const SETTLEMENT_BATCH = 2_000;

/**
 * Members in join order (a sponsor before the members it sponsors): sponsor index and depth, and
 * how many members at the top are upline of every member at depth 10.
 */
export type TeamShape = { sponsors: (number | null)[]; depths: number[]; leaders: number };

/**
 * One team of `members`: the trunk above, and at depth 10 all the others, spread evenly over the
 * 16 trunk members of depth 9, so their claims fan out the full 10 levels and the 6 leaders at the
 * top get a record from each. The trunk member at depth d is level 10 − d of those claims, so it
 * sponsors members with no team of their own (who claim too, fanning out fewer levels) up to the
 * active directs that level needs; the one at depth 3 has one fewer, so every full claim also
 * records a level that is not paid ("level-locked") beside the 9 the settlement credits.
 */
export function teamShape(members: number, directsRequired: readonly number[]): TeamShape {
  const sponsors: (number | null)[] = [];
  const depths: number[] = [];
  const add = (sponsor: number | null) => {
    sponsors.push(sponsor);
    depths.push(sponsor === null ? 0 : depths[sponsor]! + 1);
    return sponsors.length - 1;
  };
  let trunk = [add(null)];
  let leaders = 1;
  TRUNK_CHILDREN.forEach((children, depth) => {
    const next: number[] = [];
    for (const member of trunk) {
      for (let child = 0; child < children; child++) next.push(add(member));
      const wanted = (directsRequired[LEVELS - 1 - depth] ?? 0) - (depth === SHORT_DEPTH ? 1 : 0);
      for (let direct = children; direct < wanted; direct++) add(member);
    }
    trunk = next;
    if (trunk.length === 1) leaders += 1;
  });
  const rest = members - sponsors.length;
  if (rest < trunk.length)
    throw new Error(`the team form needs at least ${sponsors.length + trunk.length} members`);
  for (let index = 0; index < rest; index++) add(trunk[index % trunk.length]!);
  return { sponsors, depths, leaders };
}

/** Every member a root: the plain form of the bench, whose claims fan out to nobody. */
export const rootsShape = (members: number): TeamShape => ({
  sponsors: Array.from({ length: members }, () => null),
  depths: Array.from({ length: members }, () => 0),
  leaders: 0,
});

/** Team profit of one level: records, and those the plan pays (pending, then paid). */
export type LevelFigures = {
  records: number;
  payable: number;
  amount: bigint;
  payableAmount: bigint;
};

const emptyLevels = (): LevelFigures[] =>
  Array.from({ length: LEVELS }, () => ({ records: 0, payable: 0, amount: 0n, payableAmount: 0n }));

/**
 * The plan's team profit, per level, when every member of `shape` claims `claimTotal`, written from
 * the plan rather than from the SQL: each upline level with a rate gets floor(total × rate) unless
 * that rounds to 0; it is paid when the earner has the level's active directs (every member has an
 * active package here, so nobody lacks one). core/plan-model.ts says the same for any event, but
 * scans every member for each level's directs: too slow for thousands of claims.
 */
export function expectedTeamProfit(
  shape: TeamShape,
  rates: readonly number[],
  directsRequired: readonly number[],
  claimTotal: bigint,
): LevelFigures[] {
  const directs = new Map<number, number>();
  for (const sponsor of shape.sponsors)
    if (sponsor !== null) directs.set(sponsor, (directs.get(sponsor) ?? 0) + 1);
  const levels = emptyLevels();
  shape.sponsors.forEach((first) => {
    for (let earner = first, level = 1; earner !== null && level <= LEVELS; level++) {
      const rate = rates[level - 1] ?? 0;
      const amount = applyRate(claimTotal, BigInt(rate));
      if (rate > 0 && amount > 0n) {
        const figures = levels[level - 1]!;
        figures.records += 1;
        figures.amount += amount;
        if ((directs.get(earner) ?? 0) >= (directsRequired[level - 1] ?? 0)) {
          figures.payable += 1;
          figures.payableAmount += amount;
        }
      }
      earner = shape.sponsors[earner] ?? null;
    }
  });
  return levels;
}

/** Sums levels figure by figure (e.g. two claim rounds). */
export const addLevels = (...rounds: LevelFigures[][]): LevelFigures[] =>
  emptyLevels().map((sum, index) =>
    rounds.reduce(
      (total, round) => ({
        records: total.records + round[index]!.records,
        payable: total.payable + round[index]!.payable,
        amount: total.amount + round[index]!.amount,
        payableAmount: total.payableAmount + round[index]!.payableAmount,
      }),
      sum,
    ),
  );

export const totalOf = (levels: LevelFigures[]) =>
  levels.reduce(
    (total, level) => ({
      records: total.records + level.records,
      payable: total.payable + level.payable,
      amount: total.amount + level.amount,
      payableAmount: total.payableAmount + level.payableAmount,
    }),
    { records: 0, payable: 0, amount: 0n, payableAmount: 0n },
  );

/**
 * Holds every team-profit record (the bench's claims are their only cause) to the model, level by
 * level: how many, how many payable, their amounts; once settled, every payable one paid in full
 * and none pending.
 */
export async function checkTeamProfit(
  db: Db,
  expected: LevelFigures[],
  settled: boolean,
): Promise<void> {
  const rows = await queryRows<{
    level: number;
    records: number;
    payable: number;
    pending: number;
    amount: string;
    payable_amount: string;
    paid: string;
  }>(
    db,
    sql`select level, count(*)::int as records,
      count(*) filter (where status <> 'not-paid')::int as payable,
      count(*) filter (where status = 'pending')::int as pending,
      sum(amount)::text as amount,
      coalesce(sum(amount) filter (where status <> 'not-paid'), 0)::text as payable_amount,
      coalesce(sum(paid_amount), 0)::text as paid
    from incomes where kind = 'team-profit'
    group by level order by level`,
  );
  expected.forEach((want, index) => {
    const level = index + 1;
    const row = rows.find((candidate) => candidate.level === level);
    const got: LevelFigures = row
      ? {
          records: row.records,
          payable: row.payable,
          amount: BigInt(row.amount),
          payableAmount: BigInt(row.payable_amount),
        }
      : emptyLevels()[0]!;
    if (
      got.records !== want.records ||
      got.payable !== want.payable ||
      got.amount !== want.amount ||
      got.payableAmount !== want.payableAmount
    )
      throw new Error(
        `team profit of level ${level}: ${describe(got)} recorded, the plan says ${describe(want)}`,
      );
    if (settled && row && (row.pending !== 0 || BigInt(row.paid) !== got.payableAmount))
      throw new Error(
        `team profit of level ${level} after the settlement: ${row.pending} still pending, ${row.paid} paid of ${got.payableAmount}`,
      );
  });
  if (rows.some((row) => row.level < 1 || row.level > LEVELS))
    throw new Error('team profit recorded outside levels 1-10');
}

const describe = (figures: LevelFigures) =>
  `${figures.records} records (${figures.payable} payable), ${figures.amount} micro-dollars (${figures.payableAmount} payable)`;

/** The settlement as the API runs it (one instance's turn), until nothing is pending. */
export const settleAll = (db: Db, now: Date) =>
  settlePendingIncomes(db, now, { batchSize: SETTLEMENT_BATCH });

/** settleAll, timed: its rate and the CPU per income settled. */
export async function measureSettlement(db: Db, databaseName: string, now: Date) {
  const cpu = measureCpu(databaseName);
  const started = performance.now();
  const report = await settleAll(db, now);
  const seconds = (performance.now() - started) / 1000;
  return { ...report, seconds, cpu: cpu(Math.max(report.incomes, 1)) };
}

/**
 * After every settlement: nothing pending, and each house expense account paid exactly the
 * incomes credited from it (commissions; weekly, monthly income and rewards).
 */
export async function checkIncomeExpenses(db: Db, houseBalances: Map<string, bigint>) {
  const [row] = await queryRows<{ pending: number; commissions: string; rewards: string }>(
    db,
    sql`select count(*) filter (where status = 'pending')::int as pending,
      coalesce(sum(paid_amount) filter (where kind in ('referral-bonus', 'team-level-bonus', 'team-profit')), 0)::text as commissions,
      coalesce(sum(paid_amount) filter (where kind not in ('referral-bonus', 'team-level-bonus', 'team-profit')), 0)::text as rewards
    from incomes`,
  );
  if (row!.pending !== 0)
    throw new Error(`${row!.pending} incomes still pending after the settlement`);
  const commissionExpense = -(houseBalances.get('house:commission-expense') ?? 0n);
  const rewardExpense = -(houseBalances.get('house:reward-expense') ?? 0n);
  if (commissionExpense !== BigInt(row!.commissions))
    throw new Error(
      `commission expense ${commissionExpense} micro-dollars, paid commissions ${row!.commissions}`,
    );
  if (rewardExpense !== BigInt(row!.rewards))
    throw new Error(`reward expense ${rewardExpense} micro-dollars, paid rewards ${row!.rewards}`);
  return { commissionExpense, rewardExpense };
}
