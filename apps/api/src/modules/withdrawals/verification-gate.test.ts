import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { usd } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  WITHDRAWAL_TEST_ENV,
  withdraw,
  withdrawalCode,
  withdrawalState,
  withdrawer,
  withdrawWithCode,
} from './test-support.ts';
import { approve, asMember, asOperator } from '../../testing/verification.ts';

// The withdrawal gate for each setting (decision 0055), through the real code request and
// withdrawal request: a withdrawal the gate refuses gets no code, so the member is told before
// fetching one from their mail, and the withdrawal itself is refused again should the setting
// change after the code was sent.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: WITHDRAWAL_TEST_ENV });
});
afterAll(() => t.close());

const setGate = async (settings: Record<string, string>) => {
  const answer = await asOperator(t, 'admin', 'PUT', 'settings/verification', {
    withdrawals: 'above-total',
    withdrawalTotal: '1000',
    deposits: 'never',
    depositAmount: '10000',
    ...settings,
  });
  expect(answer.status).toBe(200);
};

/** The member asks for a withdrawal's email code: the gate's first check. */
const askCode = (memberId: string, amount: string) =>
  asMember(t, memberId, 'GET', `auth/send-otp?purpose=withdrawal&wallet=profit&amount=${amount}`);

const unverified = () => withdrawer(t, { profit: usd('5000'), identityVerified: false });

const expectRefused = (answer: { status: number; body: Record<string, any> }) => {
  expect(answer.status).toBe(409);
  expect(answer.body).toMatchObject({
    status: 'error',
    error: 'VERIFICATION_REQUIRED',
    data: { verificationPath: '/verification' },
  });
  expect(answer.body.message).toMatch(/^Verify your identity first: .*\(\/verification\)\.$/);
};

describe('the withdrawal gate', () => {
  // The tests run in a shuffled order on one app: each starts from the default setting.
  beforeEach(() => setGate({}));

  it('by default, from the withdrawal that takes the total past $1,000, changing nothing', async () => {
    const memberId = await unverified();
    const before = await withdrawalState(t, memberId);
    const mailed = t.smtp.mails.length;
    const over = await askCode(memberId, '1000.01');
    expectRefused(over);
    expect(over.body.message).toContain('your withdrawals come to $1,000.01, above $1,000.00');
    expect(await withdrawalState(t, memberId)).toEqual(before);
    expect(t.smtp.mails.length).toBe(mailed);

    const under = await withdrawWithCode(t, memberId, 'profit', '900');
    expect(under.status).toBe(200);
    // $900 pending counts: $200 more would pass the total.
    expectRefused(await askCode(memberId, '200'));
    const room = await asMember(t, memberId, 'GET', 'verification');
    expect(room.body.data.withdrawalRoom).toBe('100');
  });

  it('for every withdrawal when set so, and not once the member is approved', async () => {
    await setGate({ withdrawals: 'every-withdrawal' });
    const memberId = await unverified();
    expectRefused(await askCode(memberId, '50'));
    await approve(t, memberId);
    expect((await withdrawWithCode(t, memberId, 'profit', '50')).status).toBe(200);
  });

  it('refuses the withdrawal itself when the setting changed after the code was sent', async () => {
    await setGate({ withdrawals: 'never' });
    const memberId = await unverified();
    const otp = await withdrawalCode(t, memberId, 'profit', '50');
    await setGate({ withdrawals: 'every-withdrawal' });
    const before = await withdrawalState(t, memberId);
    expectRefused(await withdraw(t, memberId, { wallet: 'profit', amount: '50', otp }));
    expect(await withdrawalState(t, memberId)).toEqual(before);
  });

  it('never when set so, whatever the amount', async () => {
    await setGate({ withdrawals: 'never' });
    const memberId = await unverified();
    expect((await withdrawWithCode(t, memberId, 'profit', '4000')).status).toBe(200);
    const status = await asMember(t, memberId, 'GET', 'verification');
    expect(status.body.data.withdrawalRoom).toBeNull();
  });

  it('at a total the operator sets, audited', async () => {
    await setGate({ withdrawalTotal: '100' });
    const memberId = await unverified();
    expectRefused(await askCode(memberId, '150'));
    expect((await withdrawWithCode(t, memberId, 'profit', '100')).status).toBe(200);
    const [audit] = await queryRows<{ detail: { after: { withdrawalTotal: string } } }>(
      t.ctx.database.db,
      sql`select detail from audit_log where action = 'settings.verification' order by id desc limit 1`,
    );
    expect(audit!.detail.after.withdrawalTotal).toBe('100');
  });

  it('refuses a setting that is not one, naming the field, and support may not change it', async () => {
    const bad = await asOperator(t, 'admin', 'PUT', 'settings/verification', {
      withdrawals: 'sometimes',
      withdrawalTotal: 'lots',
      deposits: 'never',
      depositAmount: '1',
    });
    expect(bad.status).toBe(422);
    const fields = (bad.body.message[0].validation_results as { field: string }[]).map(
      (result) => result.field,
    );
    expect(fields).toEqual(['withdrawals', 'withdrawalTotal']);
    const support = await asOperator(t, 'support', 'GET', 'settings/verification');
    expect(support.status).toBe(403);
  });
});

describe('the deposit gate', () => {
  it('refuses a deposit above the amount from a member not verified, when set so', async () => {
    await setGate({ withdrawals: 'never', deposits: 'above-amount', depositAmount: '500' });
    const memberId = await unverified();
    const over = await asMember(t, memberId, 'POST', 'secure/create', {
      amount: '600',
      provider: 'manual',
    });
    expectRefused(over);
    const under = await asMember(t, memberId, 'POST', 'secure/create', {
      amount: '400',
      provider: 'manual',
    });
    expect(under.status).toBe(200);
  });
});
