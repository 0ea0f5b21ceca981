import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { HOUR_MS, MINUTE_MS } from '../../lib/clock.ts';
import { call } from '../../testing/requests.ts';
import { signInOperator } from '../../testing/operators.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { at, usd } from '../../testing/members.ts';
import {
  BSC_ADDRESS,
  emailOf,
  member,
  notificationsOf,
  requestCode,
  withAuthenticator,
  withdrawer,
  withdrawWithCode,
  withPassword,
  WITHDRAWAL_TEST_ENV,
} from './test-support.ts';

// Withdrawals wait after a security change (decision 0046): a password change or reset, the
// second factor turned off, a payout address changed. The length is the operators' setting.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: WITHDRAWAL_TEST_ENV });
});
afterAll(() => t.close());

const PASSWORD = 'ledger-pass-2026';

const changePassword = async (memberId: string) =>
  member(t, memberId, 'POST', 'auth/change-password', {
    currentPassword: PASSWORD,
    newPassword: 'another-pass-2027',
    confirmPassword: 'another-pass-2027',
  });

const holdOf = async (memberId: string) =>
  (await member(t, memberId, 'GET', 'auth/withdrawal-hold')).body.data.heldUntil as string | null;

async function setHoldHours(hours: number) {
  const operator = await signInOperator(t, `settings-${hours}-${Date.now()}@example.com`);
  const saved = await call(
    t.app,
    'PUT',
    'operator/settings/security',
    { withdrawalHoldHours: hours },
    { token: operator },
  );
  expect(saved.status).toBe(200);
  return operator;
}

describe('the withdrawal hold', () => {
  it('refuses withdrawals for 24 hours after a password change, saying until when, then lifts', async () => {
    t.clock.set(at(0));
    const memberId = await withdrawer(t, { profit: usd('300') });
    await withPassword(t, memberId, PASSWORD);
    expect(await holdOf(memberId)).toBeNull();
    const email = await emailOf(t, memberId);
    const mails = t.smtp.mails.length;
    expect((await changePassword(memberId)).status).toBe(200);
    const until = new Date(t.clock.now().getTime() + 24 * HOUR_MS);
    const heldUntil = await holdOf(memberId);
    expect(Math.abs(new Date(heldUntil!).getTime() - until.getTime())).toBeLessThan(MINUTE_MS);

    // Told in the app and by email, in the password change's own notice.
    expect((await notificationsOf(t, memberId)).at(-1)).toMatch(
      /Withdrawals are paused until .* UTC/,
    );
    const mail = await t.smtp.waitFor(
      (candidate) => t.smtp.mails.indexOf(candidate) >= mails && candidate.to.includes(email),
    );
    expect(mail.text).toMatch(/Withdrawals are paused until .* UTC as a precaution\./);

    const refused = await withdrawWithCode(t, memberId, 'profit', '100');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('WITHDRAWALS_ON_HOLD');
    expect(refused.body.message).toMatch(
      /^Withdrawals are paused until \d{4}-\d\d-\d\d \d\d:\d\d UTC, after a security change to your account\.$/,
    );
    const [row] = await queryRows<{ n: number }>(
      t.ctx.database.db,
      sql`select count(*)::int as n from withdrawals where member_id = ${memberId}`,
    );
    expect(row?.n).toBe(0);

    t.clock.set(new Date(until.getTime() + MINUTE_MS));
    expect(await holdOf(memberId)).toBeNull();
    expect((await withdrawWithCode(t, memberId, 'profit', '100')).status).toBe(200);
  });

  it('starts on a payout address change but not on a first address', async () => {
    t.clock.set(at(3));
    const memberId = await withdrawer(t, { profit: usd('300'), address: null });
    const first = await requestCode(t, memberId, {
      purpose: 'payout-address',
      address: BSC_ADDRESS,
    });
    await member(t, memberId, 'PUT', 'auth/update-address', { address: BSC_ADDRESS, otp: first });
    expect(await holdOf(memberId)).toBeNull();
    const tron = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    const second = await requestCode(t, memberId, { purpose: 'payout-address', address: tron });
    const changed = await member(t, memberId, 'PUT', 'auth/update-address', {
      address: tron,
      otp: second,
    });
    expect(changed.status).toBe(200);
    expect(await holdOf(memberId)).not.toBeNull();
    expect((await withdrawWithCode(t, memberId, 'profit', '50')).body.error).toBe(
      'WITHDRAWALS_ON_HOLD',
    );
  });

  it('starts when the second factor is turned off', async () => {
    t.clock.set(new Date(at(6).getTime() + 10_000));
    const memberId = await withdrawer(t, { profit: usd('300') });
    await withPassword(t, memberId, PASSWORD);
    const { token, code: codeNow } = await withAuthenticator(t, memberId, PASSWORD);
    expect(await holdOf(memberId)).toBeNull();
    const off = await call(
      t.app,
      'POST',
      'auth/second-factor/totp/disable',
      { password: PASSWORD, code: codeNow() },
      { token },
    );
    expect(off.status).toBe(200);
    expect(await holdOf(memberId)).not.toBeNull();
  });

  it("lasts as long as the operators' setting says, and not at all at 0, audited", async () => {
    t.clock.set(at(9));
    const operator = await setHoldHours(48);
    const read = await call(t.app, 'GET', 'operator/settings/security', undefined, {
      token: operator,
    });
    expect(read.body.data).toEqual({ withdrawalHoldHours: 48 });
    const memberId = await withdrawer(t, { profit: usd('300') });
    await withPassword(t, memberId, PASSWORD);
    await changePassword(memberId);
    const held = new Date((await holdOf(memberId))!).getTime() - t.clock.now().getTime();
    expect(Math.round(held / HOUR_MS)).toBe(48);

    await setHoldHours(0);
    const free = await withdrawer(t, { profit: usd('300') });
    await withPassword(t, free, PASSWORD);
    await changePassword(free);
    expect(await holdOf(free)).toBeNull();
    expect((await withdrawWithCode(t, free, 'profit', '100')).status).toBe(200);

    const [audit] = await queryRows<{ action: string; detail: unknown }>(
      t.ctx.database.db,
      sql`select action, detail from audit_log where action = 'settings.security' order by created_at desc, id desc limit 1`,
    );
    expect(audit).toEqual({
      action: 'settings.security',
      detail: { before: { withdrawalHoldHours: 48 }, after: { withdrawalHoldHours: 0 } },
    });
    await setHoldHours(24);
  });

  it('refuses a setting out of range, naming the field', async () => {
    const operator = await signInOperator(t, 'settings-range@example.com');
    const answer = await call(
      t.app,
      'PUT',
      'operator/settings/security',
      { withdrawalHoldHours: 1000 },
      { token: operator },
    );
    expect(answer.status).toBe(422);
    expect(answer.body.message[0].validation_results[0].field).toBe('withdrawalHoldHours');
  });
});
