import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import { getHouseAccountIds, openMemberAccounts, postTransfer } from '../ledger/index.ts';
import { createServerTestDatabase, testDatabaseUrl } from '../testing/database.ts';
import { runCompounding } from '../modules/compounding/compounding-run.ts';
import { expectReconciled } from '../testing/ledger-assertions.ts';

// The daily run survives SIGKILL: the real server (a child process on a real PostgreSQL) is
// killed in the middle of a day's batches, started again, and must finish the day paying every
// member exactly once; and two instances running the same day at once pay it once between them.

const MEMBERS = 600;
const CREATED_AT = new Date('2026-03-02T09:00:00.000Z');
/** Tuesday 00:30: Monday 2026-03-02 has ended and is due. */
const APP_NOW = '2026-03-03T00:30:00.000Z';
const DAY = '2026-03-02';
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

let database: Database & { url: string };
let server: ChildProcess | null = null;

/** Members with varied compounding balances, funded by one adjustment transfer from the house. */
async function createMembersWithCompounding(target: Database): Promise<void> {
  const db = target.db;
  const members = await queryRows<{ id: string }>(
    db,
    sql`
    insert into members (referral_code, name, email, mobile, password_hash, created_at)
    select 'CR' || n, 'Crash ' || n, 'crash' || n || '@example.test', '+10000000000', 'x',
      ${CREATED_AT.toISOString()}::timestamptz
    from generate_series(1, ${MEMBERS}) n
    returning id`,
  );
  const compounding: bigint[] = [];
  for (let i = 0; i < members.length; i += 50) {
    const opened = await Promise.all(
      members.slice(i, i + 50).map((member) => openMemberAccounts(db, member.id, CREATED_AT)),
    );
    compounding.push(...opened.map((ids) => ids.compounding));
  }
  const house = await getHouseAccountIds(db);
  // Bases from $10.000001 to about $2,479: every amount has a remainder to floor.
  const lines = compounding.map((accountId, index) => ({
    accountId,
    amount: 10_000_001n + BigInt(index) * 1_234_567n,
  }));
  const total = lines.reduce((sum, line) => sum + line.amount, 0n);
  await postTransfer(db, {
    reference: 'crash-test-funding',
    kind: 'adjustment',
    lines: [...lines, { accountId: house.adjustments, amount: -total }],
    now: CREATED_AT,
  });
}

function startServer(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '5',
      HOST: '127.0.0.1',
      PORT: '0',
      JOBS: 'on',
      APP_NOW,
      SEED_DEMO: 'false',
      // Small batches: the day takes over a hundred transactions, so the kill lands mid-day.
      COMPOUNDING_BATCH_SIZE: '5',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

const paidCount = async () =>
  Number(
    (
      await queryRows<{ n: string }>(
        database.db,
        sql`select count(*)::text as n from compounding_incomes where business_day = ${DAY}::date`,
      )
    )[0]?.n,
  );

const jobState = async () =>
  (
    await queryRows<{ state: string }>(
      database.db,
      sql`select state from job_runs where job = 'compounding' and period = ${DAY}`,
    )
  )[0]?.state ?? null;

async function waitFor(condition: () => Promise<boolean>, what: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

describe.skipIf(!testDatabaseUrl)('the compounding run on PostgreSQL', () => {
  beforeAll(async () => {
    database = await createServerTestDatabase(20);
    await createMembersWithCompounding(database);
  }, 120_000);
  afterAll(async () => {
    server?.kill('SIGKILL');
    await database.close();
  });

  it('resumes after a restart and pays every member exactly once', async () => {
    server = startServer();
    await waitFor(async () => (await paidCount()) > 0, 'the first paid batch');
    server.kill('SIGKILL');
    await exited(server);
    const atKill = await paidCount();
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(MEMBERS);
    expect(await jobState()).toBe('running');

    server = startServer();
    await waitFor(async () => (await jobState()) === 'done', 'the day to be done');
    server.kill('SIGTERM');
    await exited(server);
    server = null;

    const [summary] = await queryRows<{
      rows: string;
      members: string;
      wrong: string;
      transfers: string;
      balances_off: string;
    }>(
      database.db,
      sql`
      select
        (select count(*) from compounding_incomes)::text as rows,
        (select count(distinct member_id) from compounding_incomes where business_day = ${DAY}::date)::text as members,
        (select count(*) from compounding_incomes
          where amount <> base_amount * 1000 / 1000000 or rate <> 1000)::text as wrong,
        (select count(*) from transfers where kind = 'compounding-income')::text as transfers,
        (select count(*) from compounding_incomes c
          join accounts a on a.member_id = c.member_id and a.kind = 'compounding'
          where a.balance <> c.base_amount + c.amount)::text as balances_off`,
    );
    expect(summary).toEqual({
      rows: String(MEMBERS),
      members: String(MEMBERS),
      wrong: '0',
      transfers: String(MEMBERS),
      balances_off: '0',
    });
    // Nothing else moved the balances, so each base is exactly what the member was funded with.
    const [bases] = await queryRows<{ off: string }>(
      database.db,
      sql`select count(*)::text as off from compounding_incomes c
          join accounts a on a.member_id = c.member_id and a.kind = 'compounding'
          join postings p on p.account_id = a.id
          join transfers t on t.id = p.transfer_id and t.reference = 'crash-test-funding'
          where c.base_amount <> p.amount`,
    );
    expect(bases).toEqual({ off: '0' });
    await expectReconciled(database.db);
  }, 240_000);

  it('two instances running the next day at once pay each member once between them', async () => {
    const now = new Date('2026-03-04T00:10:00.000Z');
    const [first, second] = await Promise.all([
      runCompounding(database.db, now, { batchSize: 7 }),
      runCompounding(database.db, now, { batchSize: 7 }),
    ]);
    expect([...first.days, ...second.days].map((day) => day.day)).toContain('2026-03-03');
    const [summary] = await queryRows<{ rows: string; transfers: string; wrong: string }>(
      database.db,
      sql`
      select
        (select count(*) from compounding_incomes where business_day = '2026-03-03')::text as rows,
        (select count(*) from transfers where kind = 'compounding-income')::text as transfers,
        (select count(*) from compounding_incomes c
          join accounts a on a.member_id = c.member_id and a.kind = 'compounding'
          where c.business_day = '2026-03-03' and a.balance <> c.base_amount + c.amount)::text as wrong`,
    );
    expect(summary).toEqual({ rows: String(MEMBERS), transfers: String(2 * MEMBERS), wrong: '0' });
    await expectReconciled(database.db);
  }, 120_000);
});
