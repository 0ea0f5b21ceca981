import { sql } from 'drizzle-orm';
import { usdtNetwork } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../client.ts';
import { getMemberBalances, reconcile } from '../../ledger/index.ts';
import { loadCurrentPlan } from '../../core/plan.ts';
import { bootstrapOperator } from '../../modules/operator/bootstrap.ts';
import { readLiabilityMicros } from '../../modules/reports/liabilities.ts';
import { createTestApp, TEST_START, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ROOT_FUND_MICROS } from './demo-activity.ts';
import { demoPayoutAddress } from './demo-money.ts';
import { DEMO_ROOT_CODE, seedDemo } from './demo.ts';

// The demo's first start on a fresh database: every balance is history (deposits confirmed,
// packages bought, incomes, withdrawals paid by the operator), the ledger reconciles, and the
// console's figures read a working business.

let t: TestApp;
const db = () => t.ctx.database.db;
const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: string }>(db(), query))[0]?.n ?? 0);

beforeAll(async () => {
  t = await createTestApp();
  await bootstrapOperator(db(), { operator: undefined, seedDemo: true }, TEST_START);
  const seeded = await seedDemo(db(), {
    password: 'demo-pass-2026',
    now: TEST_START,
    site: { publicUrl: t.ctx.config.publicUrl, explorers: t.ctx.config.explorers },
  });
  expect(seeded).toBe(true);
}, 300_000);

afterAll(() => t.close());

describe('the demo seed', () => {
  it('moves every dollar through the ledger: no adjustment, and the ledger reconciles', async () => {
    expect(await count(sql`select count(*) as n from transfers where kind = 'adjustment'`)).toBe(0);
    const reconciliation = await reconcile(db());
    expect(reconciliation.ok).toBe(true);
    expect(reconciliation.totalPostings).toBe(0n);
  });

  it('has deposits confirmed and withdrawals paid by the operator over the ten weeks', async () => {
    const [deposits] = await queryRows<{ n: string; weeks: string; undecided: string }>(
      db(),
      sql`select count(*) as n, count(distinct date_trunc('week', created_at)) as weeks,
            count(*) filter (where decided_by is null) as undecided
          from deposits where status = 'confirmed'`,
    );
    expect(Number(deposits?.n)).toBeGreaterThan(25);
    expect(Number(deposits?.weeks)).toBeGreaterThanOrEqual(8);
    expect(Number(deposits?.undecided)).toBe(0);
    expect(await count(sql`select count(*) as n from deposits where status <> 'confirmed'`)).toBe(
      0,
    );

    const paid = await queryRows<{ address: string; tx_hash: string | null }>(
      db(),
      sql`select address, tx_hash from withdrawals where status = 'paid'`,
    );
    expect(paid.length).toBeGreaterThan(3);
    for (const row of paid) {
      expect(usdtNetwork(row.address)).toBe('BEP-20');
      expect(row.tx_hash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(await count(sql`select count(*) as n from withdrawals where status <> 'paid'`)).toBe(0);
    // Each decision audited, as an operator's always is.
    const audited = await count(
      sql`select count(*) as n from audit_log where action in ('deposit.confirm', 'withdrawal.pay')`,
    );
    expect(audited).toBe(Number(deposits?.n) + paid.length);
    expect(usdtNetwork(demoPayoutAddress(36))).toBe('BEP-20');
  });

  it('leaves DEMOROOT its $10,000 and every member a mobile of their own', async () => {
    const [root] = await queryRows<{ id: string }>(
      db(),
      sql`select id from members where referral_code = ${DEMO_ROOT_CODE}`,
    );
    expect((await getMemberBalances(db(), root!.id)).fund.balance).toBe(DEMO_ROOT_FUND_MICROS);
    const [mobiles] = await queryRows<{ members: string; mobiles: string }>(
      db(),
      sql`select count(*) as members, count(distinct mobile) as mobiles from members`,
    );
    expect(Number(mobiles?.members)).toBe(37);
    expect(mobiles?.mobiles).toBe(mobiles?.members);
  });

  it('gives the console money received and paid, covering what members are owed today', async () => {
    const plan = await loadCurrentPlan(db());
    const figures = await readLiabilityMicros(db(), TEST_START, plan.settings.timeZone);
    expect(figures.depositsReceived).toBeGreaterThan(30_000n * 1_000_000n);
    expect(figures.withdrawalsPaid).toBeGreaterThan(0n);
    // What came in covers every balance owed today; what it does not cover is the profit the
    // packages will earn in the days still to come (the plan pays more than a package costs).
    expect(figures.coverage + figures.futureProfit).toBeGreaterThanOrEqual(0n);
  });

  it('marks the history mails sent, and does nothing on the next start', async () => {
    expect(await count(sql`select count(*) as n from mail_outbox where state = 'pending'`)).toBe(0);
    expect(
      await seedDemo(db(), {
        password: 'demo-pass-2026',
        now: TEST_START,
        site: { publicUrl: t.ctx.config.publicUrl, explorers: t.ctx.config.explorers },
      }),
    ).toBe(false);
  });
});
