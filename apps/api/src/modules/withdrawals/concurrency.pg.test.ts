import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { getMemberBalances, withTransaction } from '../../ledger/index.ts';
import { testDatabaseUrl } from '../../testing/database.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signInOperator } from '../../testing/operators.ts';
import { at, tokenOf, usd } from '../../testing/members.ts';
import { loadCurrentPlan } from '../../core/plan.ts';
import { placeWithdrawal } from './request-withdrawal.ts';
import {
  TRON_ADDRESS,
  withdrawalCode,
  withdrawer,
  withdrawWithCode,
  WITHDRAWAL_TEST_ENV,
} from './test-support.ts';

// Withdrawals on a real PostgreSQL server, where requests really run at the same time on
// separate connections (PGlite has one connection and serialises everything).

let t: TestApp;

const db = () => t.ctx.database.db;
const tally = (outcomes: string[]) =>
  outcomes.reduce<Record<string, number>>((seen, outcome) => {
    seen[outcome] = (seen[outcome] ?? 0) + 1;
    return seen;
  }, {});
const ofAnswer = (answer: { status: number; body: Record<string, any> }) =>
  answer.status === 200 ? '200' : `${answer.status} ${answer.body.error as string}`;
async function rowsOf(memberId: string) {
  const [row] = await queryRows<{ withdrawals: number; pending: number; holds: number }>(
    db(),
    sql`
    select (select count(*)::int from withdrawals where member_id = ${memberId}) as withdrawals,
      (select count(*)::int from withdrawals where member_id = ${memberId} and status = 'pending') as pending,
      (select count(*)::int from holds h join accounts a on a.id = h.account_id
        where a.member_id = ${memberId}) as holds`,
  );
  return row;
}

describe.skipIf(!testDatabaseUrl)('withdrawals under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestApp({ engine: 'postgres', env: WITHDRAWAL_TEST_ENV });
    t.clock.set(at(0));
  });
  afterAll(async () => {
    if (t) await t.close();
  });

  it('withdraws once when 50 requests carry the same fresh code for the whole balance', async () => {
    const memberId = await withdrawer(t, { profit: usd('100') });
    const otp = await withdrawalCode(t, memberId, 'profit', '100');
    const token = await tokenOf(t, memberId);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(t.app, 'POST', 'safe/withdrawal', { wallet: 'profit', amount: 100, otp }, { token }),
      ),
    );
    // The code's row lock lets one request at a time check it; the first consumes it.
    expect(tally(answers.map(ofAnswer))).toEqual({ '200': 1, '400 OTP_INVALID': 49 });
    expect(await rowsOf(memberId)).toEqual({ withdrawals: 1, pending: 1, holds: 1 });
    expect((await getMemberBalances(db(), memberId)).profit).toEqual({
      balance: usd('100'),
      held: usd('100'),
      available: 0n,
    });
    await expectReconciled(db());
  });

  // Past the code, nothing serialises a member's requests: the ledger's conditional hold and
  // the one-pending unique index must hold the line on their own.
  const race = async (memberId: string, amount: bigint) => {
    const plan = await loadCurrentPlan(db());
    return Promise.all(
      Array.from({ length: 50 }, () =>
        withTransaction(db(), (tx) =>
          placeWithdrawal(
            db(),
            tx,
            { memberId, wallet: 'profit', amount, address: TRON_ADDRESS },
            plan,
            t.clock.now(),
          ),
        ).then(
          () => 'placed',
          (error: unknown) => {
            if (error instanceof AppError) return error.code;
            throw error;
          },
        ),
      ),
    );
  };

  it('holds once when 50 approved requests each need the whole balance', async () => {
    const memberId = await withdrawer(t, { profit: usd('100') });
    const outcomes = tally(await race(memberId, usd('100')));
    expect(outcomes.placed).toBe(1);
    expect((outcomes.INSUFFICIENT_FUNDS ?? 0) + (outcomes.CONFLICT ?? 0)).toBe(49);
    expect(await rowsOf(memberId)).toEqual({ withdrawals: 1, pending: 1, holds: 1 });
    expect((await getMemberBalances(db(), memberId)).profit.held).toBe(usd('100'));
    await expectReconciled(db());
  });

  it('keeps one pending withdrawal when 50 approved requests would all fit the balance', async () => {
    const memberId = await withdrawer(t, { profit: usd('5000') });
    const outcomes = tally(await race(memberId, usd('10')));
    expect(outcomes).toEqual({ placed: 1, CONFLICT: 49 });
    expect(await rowsOf(memberId)).toEqual({ withdrawals: 1, pending: 1, holds: 1 });
    expect((await getMemberBalances(db(), memberId)).profit).toEqual({
      balance: usd('5000'),
      held: usd('10'),
      available: usd('4990'),
    });
    await expectReconciled(db());
  });

  it('pays once when two operators pay the same withdrawal at the same time', async () => {
    const memberId = await withdrawer(t, { profit: usd('200') });
    const requested = await withdrawWithCode(t, memberId, 'profit', '200');
    expect(requested.status).toBe(200);
    const id = requested.body.data.id as string;
    const tokens = await Promise.all([
      signInOperator(t, 'finance-a@ops.example.com', 'finance'),
      signInOperator(t, 'finance-b@ops.example.com', 'finance'),
    ]);
    const answers = await Promise.all(
      tokens.map((token, i) =>
        call(
          t.app,
          'POST',
          `operator/withdrawals/${id}/pay`,
          { txHash: String(i + 1).repeat(64) },
          { token },
        ),
      ),
    );
    expect(tally(answers.map(ofAnswer))).toEqual({ '200': 1, '409 CONFLICT': 1 });
    const winner = answers[0]?.status === 200 ? 'finance-a' : 'finance-b';
    expect(answers.find((answer) => answer.status === 409)?.body.message).toBe(
      `This withdrawal was already paid by ${winner}@ops.example.com`,
    );
    const [books] = await queryRows<{ transfers: number; audits: number }>(
      db(),
      sql`
      select (select count(*)::int from transfers where reference = ${`withdrawal:${id}`}) as transfers,
        (select count(*)::int from audit_log where target_id = ${id}) as audits`,
    );
    expect(books).toEqual({ transfers: 1, audits: 1 });
    expect((await getMemberBalances(db(), memberId)).profit).toEqual({
      balance: 0n,
      held: 0n,
      available: 0n,
    });
    await expectReconciled(db());
  });
});
