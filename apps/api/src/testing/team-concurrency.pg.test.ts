import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import { adjustMemberBalance } from '../ledger/index.ts';
import { loadCurrentPlan } from '../core/plan.ts';
import { PlanModel } from '../core/plan-model.ts';
import { createServerTestDatabase, testDatabaseUrl } from './database.ts';
import { expectReconciled, insertLedgerTestMember } from './ledger-assertions.ts';
import { buyPackage } from '../modules/packages/buy-package.ts';
import { claimProfit } from '../modules/packages/claim-profit.ts';
import { settlePendingIncomes } from '../modules/income/settlement.ts';

// Purchases and claims by members of one team, all at once on a real PostgreSQL, with two
// settlements running beside them: every upline level of every event is recorded once and
// credited once, exactly as the plain model of the plan says, and the ledger reconciles.

const DEPTH = 12;
const LEAVES_PER_LEVEL = 3;
const DAY_MS = 86_400_000;
const BOUGHT = new Date('2026-03-02T10:00:00.000Z');
const NOW = new Date(BOUGHT.getTime() + 3 * DAY_MS);

let database: Database & { url: string };
let growth = '';
let starter = '';
const members: { id: string; sponsor: string | null }[] = [];

describe.skipIf(!testDatabaseUrl)('a team buying and claiming at once', () => {
  beforeAll(async () => {
    database = await createServerTestDatabase(24);
    const db = database.db;
    const catalogue = await queryRows<{ id: string; name: string }>(
      db,
      sql`select id, name from packages`,
    );
    growth = catalogue.find((row) => row.name === 'Growth')!.id;
    starter = catalogue.find((row) => row.name === 'Starter')!.id;
    // A chain 12 deep, every link with 3 more direct referrals beside the next link.
    let sponsor: string | null = null;
    for (let level = 0; level < DEPTH; level++) {
      const link = await join(sponsor);
      if (sponsor) for (let leaf = 0; leaf < LEAVES_PER_LEVEL; leaf++) await join(sponsor);
      sponsor = link;
    }
    for (const member of members)
      await buyPackage(
        db,
        { memberId: member.id, packageId: starter, amount: 100_000_000n },
        BOUGHT,
      );
    await settlePendingIncomes(db, BOUGHT, { batchSize: 500 });
  }, 120_000);
  afterAll(() => database?.close());

  async function join(sponsor: string | null) {
    const db = database.db;
    const { memberId } = await insertLedgerTestMember(db, BOUGHT, sponsor);
    await adjustMemberBalance(db, {
      memberId,
      wallet: 'fund',
      amount: 10_000_000_000n,
      reference: `concurrency-fund:${memberId}`,
      reason: 'test funding',
      now: BOUGHT,
    });
    members.push({ id: memberId, sponsor });
    return memberId;
  }

  it('records and credits each upline level of each event once', async () => {
    const db = database.db;
    const stop = new AbortController();
    const settling = [1, 2].map(async () => {
      while (!stop.signal.aborted) {
        await settlePendingIncomes(db, NOW, { batchSize: 7, signal: stop.signal });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    });
    const events = members.flatMap((member) => [
      () => claimProfit(db, member.id, NOW),
      () => buyPackage(db, { memberId: member.id, packageId: growth, amount: 1_234_567_891n }, NOW),
    ]);
    const outcomes = await Promise.allSettled(events.map((event) => event()));
    stop.abort();
    await Promise.all(settling);
    await settlePendingIncomes(db, NOW, { batchSize: 500 });
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);

    // The same events through the model (their order does not matter here: everyone was already
    // active, so no event changes whether another is paid).
    const model = new PlanModel((await loadCurrentPlan(db)).settings);
    for (const member of members)
      model.apply({ type: 'join', member: member.id, sponsor: member.sponsor, at: BOUGHT });
    for (const member of members)
      model.apply({
        type: 'buy',
        member: member.id,
        amount: 100_000_000n,
        dailyRate: 3_000,
        totalDays: 365,
        at: BOUGHT,
      });
    model.apply({ type: 'settle', at: BOUGHT });
    for (const member of members) {
      model.apply({ type: 'claim', member: member.id, at: NOW });
      model.apply({
        type: 'buy',
        member: member.id,
        amount: 1_234_567_891n,
        dailyRate: 4_000,
        totalDays: 365,
        at: NOW,
      });
    }
    model.apply({ type: 'settle', at: NOW });

    const rows = await queryRows<{
      member_id: string;
      kind: string;
      paid: string;
      records: number;
    }>(
      db,
      sql`select member_id, kind, coalesce(sum(paid_amount), 0)::text as paid, count(*)::int as records
      from incomes group by member_id, kind`,
    );
    const fromDatabase = Object.fromEntries(
      rows.map((row) => [`${row.member_id} ${row.kind}`, [BigInt(row.paid), row.records]]),
    );
    const expected: Record<string, [bigint, number]> = {};
    for (const income of model.incomes) {
      const key = `${income.member} ${income.kind}`;
      const [paid, records] = expected[key] ?? [0n, 0];
      expected[key] = [paid + income.paid, records + 1];
    }
    expect(fromDatabase).toEqual(expected);
    const [duplicates] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select 1 from incomes group by kind, cause, level, member_id
        having count(*) > 1) d`,
    );
    expect(duplicates?.n).toBe(0);
    const [pending] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from incomes where status = 'pending'`,
    );
    expect(pending?.n).toBe(0);
    await expectReconciled(db);
  }, 180_000);
});
