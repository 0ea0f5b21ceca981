import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { queryRows } from '../db/client.ts';
import { adjustMemberBalance } from '../ledger/index.ts';
import { expectReconciled } from '../testing/ledger-assertions.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { at, fundedMember, usd } from '../testing/members.ts';
import { startScheduler } from './scheduler.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const state = async (day: string) =>
  (
    await queryRows<{ state: string }>(
      t.ctx.database.db,
      sql`select state from job_runs where job = 'compounding' and period = ${day}`,
    )
  )[0]?.state ?? null;

describe('the scheduler', () => {
  it('runs the due day at start-up, on the app clock, and stops cleanly', async () => {
    t.clock.set(at(0));
    const memberId = await fundedMember(t, 0n);
    await adjustMemberBalance(t.ctx.database.db, {
      memberId,
      wallet: 'compounding',
      amount: usd('500'),
      reference: `scheduler-test:${memberId}`,
      reason: 'test compounding',
      now: t.clock.now(),
    });
    t.clock.set(at(1, 0)); // the app clock says Monday 2026-03-02 has ended
    const scheduler = startScheduler(t.ctx, pino({ level: 'silent' }));
    await vi.waitFor(async () => expect(await state('2026-03-02')).toBe('done'), {
      timeout: 20_000,
      interval: 20,
    });
    await scheduler.stop();
    const [row] = await queryRows<{ amount: string }>(
      t.ctx.database.db,
      sql`select amount::text from compounding_incomes where member_id = ${memberId}::uuid`,
    );
    expect(row).toEqual({ amount: '500000' });
    await expectReconciled(t.ctx.database.db);
  });
});
