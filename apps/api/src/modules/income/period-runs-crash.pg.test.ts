import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { openMemberAccounts } from '../../ledger/index.ts';
import { startApiProcesses, type ApiProcesses } from '../../testing/api-processes.ts';
import { createServerTestDatabase, testDatabaseUrl } from '../../testing/database.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';

// The weekly and monthly runs survive SIGKILL and run once across instances: real API server
// processes (JOBS on, small batches) on a real PostgreSQL, killed in the middle of a week's
// batches and started again, or started two at once, must record and credit every member's
// weekly and monthly income exactly once.

const MEMBERS = 900;
const JOINED = new Date('2026-02-02T09:00:00.000Z');
/** Monday 2026-03-09 00:30: the week of 03-02 and the month of February have ended. */
const APP_NOW = new Date('2026-03-09T00:30:00.000Z');
const WEEK = '2026-03-02';
const MONTH = '2026-02';
const SMALL_BATCHES = { INCOME_RUN_BATCH_SIZE: '5', SETTLEMENT_BATCH_SIZE: '20' };

let database: (Database & { url: string }) | null = null;
let servers: ApiProcesses[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  servers = [];
  await database?.close();
  database = null;
});

/**
 * Members with a week of team business ($1,000 to about $24,300: two tiers, every amount with a
 * remainder to floor) and ranks through February: every 3rd Bronze, every 7th Silver, every 11th
 * Bronze that lapsed before the month ended.
 */
async function createMembers(target: Database): Promise<void> {
  const db = target.db;
  const members = await queryRows<{ id: string; n: number }>(
    db,
    sql`insert into members (referral_code, name, email, mobile, password_hash, created_at)
    select 'RUN' || n, 'Run ' || n, 'run' || n || '@example.test', '+10000000000', 'x',
      ${JOINED.toISOString()}::timestamptz
    from generate_series(1, ${MEMBERS}) n
    returning id, substr(referral_code, 4)::int as n`,
  );
  for (let index = 0; index < members.length; index += 50)
    await Promise.all(
      members.slice(index, index + 50).map((m) => openMemberAccounts(db, m.id, JOINED)),
    );
  await db.execute(
    sql`insert into team_members (member_id, joined_at) select id, created_at from members`,
  );
  await db.execute(sql`insert into team_weeks (member_id, week_start, business)
    select id, ${WEEK}::date, 1000000000 + substr(referral_code, 4)::bigint * 7777777 from members`);
  await db.execute(sql`insert into rank_changes (member_id, rank_name, changed_at, plan_version)
    select id, 'Bronze', '2026-02-10T00:00:00Z'::timestamptz, 2 from members where substr(referral_code, 4)::int % 3 = 0
    union all
    select id, 'Silver', '2026-02-20T00:00:00Z', 2 from members where substr(referral_code, 4)::int % 7 = 0
    union all
    select id, 'Bronze', '2026-02-11T00:00:00Z', 2 from members where substr(referral_code, 4)::int % 11 = 0
    union all
    select id, null::text, '2026-02-25T00:00:00Z', 2 from members where substr(referral_code, 4)::int % 11 = 0`);
}

/** Runs of each job and pending incomes, for waiting on the processes. */
async function progress(db: Database['db']) {
  const [row] = await queryRows<{ weekly: number; done: number; pending: number }>(
    db,
    sql`select
      (select count(*)::int from incomes where kind = 'weekly-income') as weekly,
      (select count(*)::int from job_runs where state = 'done' and (job, period) in
        (('weekly-income', ${WEEK}), ('monthly-income', ${MONTH}))) as done,
      (select count(*)::int from incomes where status = 'pending') as pending`,
  );
  return row!;
}

async function waitFor(condition: () => Promise<boolean>, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Both periods done and every income they recorded credited. */
const waitUntilCredited = (db: Database['db']) =>
  waitFor(async () => {
    const now = await progress(db);
    return now.done === 2 && now.pending === 0;
  }, 'both periods done and credited');

const start = (url: string, count = 1) =>
  startApiProcesses({
    count,
    databaseUrl: url,
    appNow: APP_NOW,
    env: { JOBS: 'on', NODE_ENV: 'development', ...SMALL_BATCHES },
  }).then((started) => {
    servers.push(started);
    return started;
  });

/** Every member's incomes were recorded and credited once, at the plan's amounts. */
async function expectPaidOnce(db: Database['db']): Promise<void> {
  const [summary] = await queryRows<Record<string, string>>(
    db,
    sql`select
      (select count(*) from incomes where kind = 'weekly-income' and cause = ${`week:${WEEK}`})::text as weekly,
      (select count(*) from incomes where kind = 'weekly-income'
        and amount <> base_amount * (case when base_amount >= 5000000000 then 15000 else 10000 end) / 1000000)::text
        as weekly_wrong,
      (select count(*) from incomes where kind = 'monthly-income' and cause = ${`month:${MONTH}`})::text as monthly,
      (select count(*) from incomes where kind = 'monthly-income'
        and amount <> case rank_name when 'Silver' then 250000000 else 50000000 end)::text as monthly_wrong,
      (select count(*) from incomes where status <> 'paid' or paid_amount <> amount)::text as unpaid,
      (select count(*) from transfers where kind in ('weekly-income', 'monthly-income'))::text as transfers,
      (select count(*) from accounts a where a.kind = 'profit' and a.balance <>
        (select coalesce(sum(i.amount), 0) from incomes i where i.member_id = a.member_id))::text as balances_off`,
  );
  // Ranked as February ended: every 3rd (Bronze) or 7th (Silver), but not every 11th, whose rank
  // lapsed on the 25th, after any other change.
  const ranked = Array.from({ length: MEMBERS }, (_, i) => i + 1).filter(
    (n) => (n % 3 === 0 || n % 7 === 0) && n % 11 !== 0,
  ).length;
  expect(summary).toEqual({
    weekly: String(MEMBERS),
    weekly_wrong: '0',
    monthly: String(ranked),
    monthly_wrong: '0',
    unpaid: '0',
    transfers: String(MEMBERS + ranked),
    balances_off: '0',
  });
  await expectReconciled(db);
}

describe.skipIf(!testDatabaseUrl)('the weekly and monthly runs on PostgreSQL', () => {
  it('finish after SIGKILL halfway through a week, recording and crediting everyone once', async () => {
    database = await createServerTestDatabase(10);
    await createMembers(database);
    const db = database.db;
    const first = await start(database.url);
    await waitFor(async () => (await progress(db)).weekly > 0, 'the first recorded batch');
    process.kill(-first.processes[0]!.pid, 'SIGKILL');
    await first.stop();
    const atKill = await progress(db);
    expect(atKill.weekly).toBeGreaterThan(0);
    expect(atKill.weekly).toBeLessThan(MEMBERS);
    expect(atKill.done).toBe(0);

    await start(database.url);
    await waitUntilCredited(db);
    await expectPaidOnce(db);
  }, 240_000);

  it('run once between two instances started on the same Monday', async () => {
    database = await createServerTestDatabase(10);
    await createMembers(database);
    const db = database.db;
    await start(database.url, 2);
    await waitUntilCredited(db);
    await expectPaidOnce(db);
  }, 240_000);
});
