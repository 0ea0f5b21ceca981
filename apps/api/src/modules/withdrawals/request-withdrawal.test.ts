import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import {
  microsToDecimalString,
  microsToDollars,
  PAYOUT_ADDRESS_MISSING,
  WITHDRAWAL_EMAIL_UNVERIFIED,
  WITHDRAWAL_PENDING_EXISTS,
  WITHDRAWAL_WALLET_REFUSED,
  withdrawalFee,
} from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { adjustMemberBalance, getMemberBalances } from '../../ledger/index.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { at, usd } from '../../testing/members.ts';
import { signInOperator } from '../../testing/operators.ts';
import {
  BSC_ADDRESS,
  fieldErrors,
  member,
  notificationsOf,
  wrongCode,
  withdraw,
  withdrawalCode,
  withdrawalState,
  withdrawer,
  withdrawWithCode,
  WITHDRAWAL_TEST_ENV,
} from './test-support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: WITHDRAWAL_TEST_ENV });
});
afterAll(() => t.close());
afterEach(() => expectReconciled(t.ctx.database.db));

const balances = (memberId: string) => getMemberBalances(t.ctx.database.db, memberId);
const otpAttempts = async (memberId: string) =>
  (
    await queryRows<{ attempts: number; consumed: boolean }>(
      t.ctx.database.db,
      sql`select attempts, consumed_at is not null as consumed from otps
        where member_id = ${memberId} and purpose = 'withdrawal' order by created_at desc limit 1`,
    )
  )[0];

describe('POST safe/withdrawal', () => {
  it('holds the amount, records a pending withdrawal with 5 % fee and notifies', async () => {
    t.clock.set(at(0));
    const memberId = await withdrawer(t, { profit: usd('250') });
    const answer = await withdrawWithCode(t, memberId, 'profit', '100.000019');
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Withdrawal of $100.0000 requested');
    expect(answer.body.data).toMatchObject({
      wallet: 'profit',
      amount: 100.000019,
      fee: 5,
      netAmount: 95.000019,
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      status: 'pending',
      txHash: null,
      reason: null,
      decidedAt: null,
    });
    expect((await balances(memberId)).profit).toEqual({
      balance: usd('250'),
      held: usd('100.000019'),
      available: usd('149.999981'),
    });
    const [hold] = await queryRows<{ reference: string; amount: string; status: string }>(
      t.ctx.database.db,
      sql`select h.reference, h.amount::text, h.status from holds h
        join withdrawals w on w.hold_id = h.id where w.id = ${answer.body.data.id as string}`,
    );
    expect(hold).toEqual({
      reference: `withdrawal:${answer.body.data.id as string}`,
      amount: '100000019',
      status: 'pending',
    });
    expect(await notificationsOf(t, memberId)).toContain('Withdrawal of $100.0000 requested');
    const wallet = await member(t, memberId, 'GET', 'auth/wallet');
    expect(wallet.body.data.profit).toEqual({
      available: 149.999981,
      held: 100.000019,
      total: 250,
    });
  });

  it('withdraws from the compounding wallet too, leaving profit alone', async () => {
    const memberId = await withdrawer(t, { profit: usd('50'), compounding: usd('40') });
    const answer = await withdrawWithCode(t, memberId, 'compounding', '40');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ wallet: 'compounding', fee: 2, netAmount: 38 });
    const after = await balances(memberId);
    expect(after.compounding.available).toBe(0n);
    expect(after.profit).toEqual({ balance: usd('50'), held: 0n, available: usd('50') });
  });

  it('replays the same Idempotency-Key without a second withdrawal', async () => {
    const memberId = await withdrawer(t, { profit: usd('100') });
    const otp = await withdrawalCode(t, memberId, 'profit', '20');
    const body = { wallet: 'profit', amount: 20, otp };
    const first = await withdraw(t, memberId, body, 'withdraw-key-1');
    const again = await withdraw(t, memberId, body, 'withdraw-key-1');
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await withdrawalState(t, memberId))?.withdrawals).toBe('1');
  });

  it('stores fee + net = amount exactly, as the shared fee rule says, for any amount', async () => {
    const memberId = await withdrawer(t, { profit: usd('5000') });
    const amounts = fc.sample(fc.bigInt({ min: usd('10'), max: usd('5000') }), {
      numRuns: 12,
      seed: 20_260_302,
    });
    for (const micros of amounts) {
      const amount = microsToDecimalString(micros);
      const answer = await withdrawWithCode(t, memberId, 'profit', amount);
      expect(answer.status).toBe(200);
      const { fee, net } = withdrawalFee(micros);
      expect(answer.body.data).toMatchObject({
        amount: microsToDollars(micros),
        fee: microsToDollars(fee),
        netAmount: microsToDollars(net),
      });
      const id = answer.body.data.id as string;
      const [stored] = await queryRows<{ amount: string; fee: string; net: string }>(
        t.ctx.database.db,
        sql`select amount::text, fee::text, net_amount::text as net from withdrawals where id = ${id}`,
      );
      expect(BigInt(stored!.fee) + BigInt(stored!.net)).toBe(BigInt(stored!.amount));
      expect(BigInt(stored!.amount)).toBe(micros);
      expect((await member(t, memberId, 'POST', `safe/withdrawal/${id}/cancel`)).status).toBe(200);
    }
  });

  describe('refusals change nothing', () => {
    it.each([
      [{ wallet: 'fund', amount: 20, otp: '123456' }, 'wallet', WITHDRAWAL_WALLET_REFUSED],
      [{ amount: 20, otp: '123456' }, 'wallet', 'Wallet is required'],
      [
        { wallet: 'profit', amount: 9.999999, otp: '123456' },
        'amount',
        'Amount must be at least $10',
      ],
      [{ wallet: 'profit', amount: '1e3', otp: '123456' }, 'amount', 'Enter valid Amount.'],
      [
        { wallet: 'profit', amount: 10.0000001, otp: '123456' },
        'amount',
        'Amount can have at most 6 decimal places',
      ],
      [{ wallet: 'profit', amount: 20 }, 'otp', 'OTP is required'],
      [{ wallet: 'profit', amount: 20, otp: '12345' }, 'otp', 'Enter valid OTP.'],
    ])('%j → 422 naming %s', async (body, field, reason) => {
      const memberId = await withdrawer(t, { profit: usd('100'), fund: usd('100') });
      const before = await withdrawalState(t, memberId);
      const answer = await withdraw(t, memberId, body);
      expect(answer.status).toBe(422);
      expect(fieldErrors(answer.body)).toContainEqual({ field, reason });
      expect(await withdrawalState(t, memberId)).toEqual(before);
    });

    it('needs a verified email, before any code is mailed', async () => {
      const memberId = await withdrawer(t, { profit: usd('100'), verified: false });
      const code = await member(
        t,
        memberId,
        'GET',
        'auth/send-otp?purpose=withdrawal&wallet=profit&amount=20',
      );
      expect(code.status).toBe(409);
      expect(code.body.message).toBe(WITHDRAWAL_EMAIL_UNVERIFIED);
      const before = await withdrawalState(t, memberId);
      const answer = await withdraw(t, memberId, { wallet: 'profit', amount: 20, otp: '123456' });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(WITHDRAWAL_EMAIL_UNVERIFIED);
      expect(await withdrawalState(t, memberId)).toEqual(before);
    });

    it('needs a saved payout address, before any code is mailed', async () => {
      const memberId = await withdrawer(t, { profit: usd('100'), address: null });
      const code = await member(
        t,
        memberId,
        'GET',
        'auth/send-otp?purpose=withdrawal&wallet=profit&amount=20',
      );
      expect(code.status).toBe(409);
      expect(code.body.message).toBe(PAYOUT_ADDRESS_MISSING);
      const answer = await withdraw(t, memberId, { wallet: 'profit', amount: 20, otp: '123456' });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(PAYOUT_ADDRESS_MISSING);
    });

    it('counts a wrong code, commits only that, and never tells a wrong code about the balance', async () => {
      const memberId = await withdrawer(t, { profit: usd('30') });
      const otp = await withdrawalCode(t, memberId, 'profit', '500');
      const before = await withdrawalState(t, memberId);
      const answer = await withdraw(t, memberId, {
        wallet: 'profit',
        amount: 500,
        otp: wrongCode(otp),
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error: 'OTP_INVALID',
        message: 'Invalid or expired OTP',
      });
      expect(await withdrawalState(t, memberId)).toEqual(before);
      expect(await otpAttempts(memberId)).toEqual({ attempts: 1, consumed: false });
    });

    it('refuses a code used once already', async () => {
      const memberId = await withdrawer(t, { profit: usd('100') });
      const otp = await withdrawalCode(t, memberId, 'profit', '20');
      expect((await withdraw(t, memberId, { wallet: 'profit', amount: 20, otp })).status).toBe(200);
      const cancel = await member(t, memberId, 'GET', 'safe/withdrawal-hist');
      const id = cancel.body.data.data[0].id as string;
      expect((await member(t, memberId, 'POST', `safe/withdrawal/${id}/cancel`)).status).toBe(200);
      const before = await withdrawalState(t, memberId);
      const reused = await withdraw(t, memberId, { wallet: 'profit', amount: 20, otp });
      expect(reused.status).toBe(400);
      expect(await withdrawalState(t, memberId)).toEqual(before);
    });

    it('refuses a code mailed for another amount, wallet or address; the right request still works', async () => {
      const memberId = await withdrawer(t, { profit: usd('100'), compounding: usd('100') });
      const otp = await withdrawalCode(t, memberId, 'profit', '20');
      const before = await withdrawalState(t, memberId);
      for (const body of [
        { wallet: 'profit', amount: 21, otp },
        { wallet: 'profit', amount: '20.000001', otp },
        { wallet: 'compounding', amount: 20, otp },
      ]) {
        expect((await withdraw(t, memberId, body)).status).toBe(400);
      }
      expect(await withdrawalState(t, memberId)).toEqual(before);
      expect(await otpAttempts(memberId)).toEqual({ attempts: 3, consumed: false });
      // 20 and "20.000000" are the same amount, so the same binding.
      const right = await withdraw(t, memberId, { wallet: 'profit', amount: '20.000000', otp });
      expect(right.status).toBe(200);
      expect(await otpAttempts(memberId)).toEqual({ attempts: 3, consumed: true });
    });

    it('refuses a code mailed before the payout address changed', async () => {
      const memberId = await withdrawer(t, { profit: usd('100') });
      const otp = await withdrawalCode(t, memberId, 'profit', '20');
      await t.ctx.database.db.execute(
        sql`update members set payout_address = ${BSC_ADDRESS} where id = ${memberId}`,
      );
      const answer = await withdraw(t, memberId, { wallet: 'profit', amount: 20, otp });
      expect(answer.status).toBe(400);
      expect((await withdrawalState(t, memberId))?.withdrawals).toBe('0');
    });

    it('refuses more than is available, and leaves the correct code usable', async () => {
      const memberId = await withdrawer(t, { profit: usd('50') });
      const otp = await withdrawalCode(t, memberId, 'profit', '60');
      const before = await withdrawalState(t, memberId);
      const answer = await withdraw(t, memberId, { wallet: 'profit', amount: 60, otp });
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({
        error: 'INSUFFICIENT_FUNDS',
        message: 'Insufficient balance in profit wallet',
      });
      expect(await withdrawalState(t, memberId)).toEqual(before);
      expect(await otpAttempts(memberId)).toEqual({ attempts: 0, consumed: false });
      // The refusal rolled everything back, the code included: after a top-up it still works.
      await adjustMemberBalance(t.ctx.database.db, {
        memberId,
        wallet: 'profit',
        amount: usd('10'),
        reference: `top-up:${memberId}`,
        reason: 'test top-up',
        now: t.clock.now(),
      });
      expect((await withdraw(t, memberId, { wallet: 'profit', amount: 60, otp })).status).toBe(200);
    });

    it('allows one pending withdrawal at a time', async () => {
      const memberId = await withdrawer(t, { profit: usd('100'), compounding: usd('100') });
      expect((await withdrawWithCode(t, memberId, 'profit', '20')).status).toBe(200);
      const before = await withdrawalState(t, memberId);
      const second = await withdrawWithCode(t, memberId, 'compounding', '20');
      expect(second.status).toBe(409);
      expect(second.body.message).toBe(WITHDRAWAL_PENDING_EXISTS);
      expect(await withdrawalState(t, memberId)).toEqual(before);
    });

    it('allows $5,000 a business day, counting paid and pending requests', async () => {
      t.clock.set(at(10, 1));
      const memberId = await withdrawer(t, { profit: usd('20000') });
      const first = await withdrawWithCode(t, memberId, 'profit', '3000');
      expect(first.status).toBe(200);
      const paid = await call(
        t.app,
        'POST',
        `operator/withdrawals/${first.body.data.id as string}/pay`,
        { txHash: 'a'.repeat(64) },
        { token: await signInOperator(t, 'finance@ops.example.com', 'finance') },
      );
      expect(paid.status).toBe(200);
      const before = await withdrawalState(t, memberId);
      const over = await withdrawWithCode(t, memberId, 'profit', '2000.000001');
      expect(over.status).toBe(422);
      expect(fieldErrors(over.body)).toEqual([
        {
          field: 'amount',
          reason: 'At most $5,000 can be withdrawn per day; $2,000 remains today',
        },
      ]);
      expect(await withdrawalState(t, memberId)).toEqual(before);
      expect((await withdrawWithCode(t, memberId, 'profit', '2000')).status).toBe(200);
      // The next business day starts a new allowance (the pending one must end first).
      const pending = await member(t, memberId, 'GET', 'safe/withdrwal-hist?status=pending');
      await member(
        t,
        memberId,
        'POST',
        `safe/withdrawal/${pending.body.data.data[0].id as string}/cancel`,
      );
      t.clock.set(at(11, 1));
      expect((await withdrawWithCode(t, memberId, 'profit', '5000')).status).toBe(200);
    });
  });
});
