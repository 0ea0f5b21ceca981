import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  BSC_ADDRESS,
  emailOf,
  fieldErrors,
  member,
  notificationsOf,
  wrongCode,
  requestCode,
  TRON_ADDRESS,
  withdrawer,
  WITHDRAWAL_TEST_ENV,
} from './test-support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: WITHDRAWAL_TEST_ENV });
});
afterAll(() => t.close());

const addressCode = (memberId: string, address: string) =>
  requestCode(t, memberId, { purpose: 'payout-address', address });
const update = (memberId: string, body: Record<string, unknown>) =>
  member(t, memberId, 'PUT', 'auth/update-address', body);
const saved = async (memberId: string) =>
  (await member(t, memberId, 'GET', 'auth/address')).body.data;
describe('GET auth/send-otp for withdrawals and payout addresses', () => {
  it.each([
    [
      'purpose=withdrawal',
      [
        ['wallet', 'Wallet is required'],
        ['amount', 'Amount is required'],
      ],
    ],
    [
      'purpose=withdrawal&wallet=fund&amount=20',
      [['wallet', 'Withdrawals are made from the profit or compounding wallet']],
    ],
    ['purpose=withdrawal&wallet=profit&amount=abc', [['amount', 'Enter valid Amount.']]],
    ['purpose=withdrawal&wallet=profit&amount=5', [['amount', 'Amount must be at least $10']]],
    ['purpose=payout-address', [['address', 'Payout address is required']]],
    ['purpose=payout-address&address=T123', [['address', 'Enter valid Payout address.']]],
  ])('%s → 422 naming the field', async (query, expected) => {
    const memberId = await withdrawer(t, { address: null });
    const mails = t.smtp.mails.length;
    const answer = await member(t, memberId, 'GET', `auth/send-otp?${query}`);
    expect(answer.status).toBe(422);
    expect(fieldErrors(answer.body)).toEqual(
      expected.map(([field, reason]) => ({ field, reason })),
    );
    expect(t.smtp.mails.length).toBe(mails);
  });

  it('mails a withdrawal code bound to wallet, amount and the saved address', async () => {
    const memberId = await withdrawer(t);
    const email = await emailOf(t, memberId);
    const answer = await member(
      t,
      memberId,
      'GET',
      'auth/send-otp?purpose=withdrawal&wallet=profit&amount=12.5',
    );
    expect(answer.status).toBe(200);
    const mail = await t.smtp.waitFor((candidate) => candidate.to.includes(email));
    expect(mail.text).toContain('confirm your withdrawal');
    const [otp] = await queryRows<{ binding: string }>(
      t.ctx.database.db,
      sql`select binding from otps where member_id = ${memberId} and purpose = 'withdrawal'`,
    );
    expect(otp?.binding).toBe(`withdrawal:profit:12500000:${TRON_ADDRESS}`);
    // The resend interval holds per purpose.
    const again = await member(
      t,
      memberId,
      'GET',
      'auth/send-otp?purpose=withdrawal&wallet=profit&amount=13',
    );
    expect(again.status).toBe(429);
    t.clock.advance(MINUTE_MS + 1);
  });
});

describe('PUT auth/update-address', () => {
  it('saves the address the code was mailed for, notifies and mails the member', async () => {
    const memberId = await withdrawer(t, { address: null });
    expect(await saved(memberId)).toEqual({ address: null, network: null });
    const otp = await addressCode(memberId, TRON_ADDRESS);
    const email = await emailOf(t, memberId);
    const mails = t.smtp.mails.length;
    const answer = await update(memberId, { address: ` ${TRON_ADDRESS} `, otp });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ address: TRON_ADDRESS, network: 'TRC-20' });
    expect(await saved(memberId)).toEqual({ address: TRON_ADDRESS, network: 'TRC-20' });
    expect((await notificationsOf(t, memberId)).at(-1)).toBe(
      `Your payout address was set to ${TRON_ADDRESS}`,
    );
    // A security notice: it leads to the profile, where the address and the password are.
    const [security] = await queryRows<{ kind: string; link: string | null }>(
      t.ctx.database.db,
      sql`select kind, link from notifications
          where member_id = ${memberId} and message like 'Your payout address%'`,
    );
    expect(security).toEqual({ kind: 'security', link: '/profile' });
    const notice = await t.smtp.waitFor(
      (mail) => t.smtp.mails.indexOf(mail) >= mails && mail.to.includes(email),
    );
    expect(notice.subject).toBe('Your payout address was changed');
    expect(notice.text).toContain(`Your payout address was changed to ${TRON_ADDRESS}.`);

    // A change names the old address too; BEP-20 is kept in lower case, however it was typed.
    const mixedCase = '0x55d398326f99059fF775485246999027B3197955';
    const second = await addressCode(memberId, mixedCase);
    const changed = await update(memberId, { address: BSC_ADDRESS, otp: second });
    expect(changed.body.data).toEqual({ address: BSC_ADDRESS, network: 'BEP-20' });
    // A change, unlike a first address, pauses withdrawals for a day (decision 0046).
    expect((await notificationsOf(t, memberId)).at(-1)).toMatch(
      new RegExp(
        `^Your payout address was changed from ${TRON_ADDRESS} to ${BSC_ADDRESS}\\. Withdrawals are paused until .* UTC as a precaution\\.$`,
      ),
    );
  });

  it('refuses a wrong, reused, expired or differently bound code with 400 and keeps the address', async () => {
    const memberId = await withdrawer(t, { address: TRON_ADDRESS });
    const otp = await addressCode(memberId, BSC_ADDRESS);
    const refusals = [
      { address: BSC_ADDRESS, otp: wrongCode(otp) },
      // Bound to BSC_ADDRESS: it cannot approve another address.
      { address: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW', otp },
    ];
    for (const body of refusals) {
      const answer = await update(memberId, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error: 'OTP_INVALID',
        message: 'Invalid or expired OTP',
      });
    }
    expect((await saved(memberId)).address).toBe(TRON_ADDRESS);
    expect((await update(memberId, { address: BSC_ADDRESS, otp })).status).toBe(200);
    expect((await update(memberId, { address: BSC_ADDRESS, otp })).status).toBe(400);

    const late = await addressCode(memberId, TRON_ADDRESS);
    t.clock.advance(10 * MINUTE_MS + 1);
    expect((await update(memberId, { address: TRON_ADDRESS, otp: late })).status).toBe(400);
    expect((await saved(memberId)).address).toBe(BSC_ADDRESS);
  });

  it('does not take a withdrawal code for an address change', async () => {
    const memberId = await withdrawer(t);
    const otp = await requestCode(t, memberId, {
      purpose: 'withdrawal',
      wallet: 'profit',
      amount: '20',
    });
    const answer = await update(memberId, { address: BSC_ADDRESS, otp });
    expect(answer.status).toBe(400);
    expect((await saved(memberId)).address).toBe(TRON_ADDRESS);
  });

  it.each([
    [
      { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', otp: '123456' },
      'address',
      'Enter valid Payout address.',
    ],
    [{ address: '0x1234', otp: '123456' }, 'address', 'Enter valid Payout address.'],
    [{ otp: '123456' }, 'address', 'Payout address is required'],
    [{ address: TRON_ADDRESS }, 'otp', 'OTP is required'],
  ])('%j → 422 naming %s', async (body, field, reason) => {
    const memberId = await withdrawer(t, { address: null });
    const answer = await update(memberId, body);
    expect(answer.status).toBe(422);
    expect(fieldErrors(answer.body)).toContainEqual({ field, reason });
    expect((await saved(memberId)).address).toBeNull();
  });
});
