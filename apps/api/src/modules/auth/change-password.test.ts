import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORD,
  CURRENT_PASSWORD_WRONG,
  PASSWORD_UNCHANGED,
  PASSWORDS_DIFFER,
  SESSION_EXPIRED,
} from '@app/contracts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { call, signUp, type SignedUp } from '../../testing/requests.ts';
import { otpFrom } from '../../testing/smtp-sink.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { mailAfter, securityNotices, signInFrom } from './test-support.ts';

let t: TestApp;
const ROOT = 'RTCP2345';

beforeAll(async () => {
  t = await createTestApp();
  await createRootMember(t.ctx.database, ROOT);
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a brand new passphrase';

const signIn = (loginId: string, password: string) => signInFrom(t, loginId, password);
const change = (token: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', 'auth/change-password', body, { token });
const me = (token: string) => call(t.app, 'GET', 'auth/me', undefined, { token });
const fieldErrors = (body: Record<string, any>) => body.message[0].validation_results as unknown[];

describe('POST auth/change-password', () => {
  it('needs a session', async () => {
    const answer = await call(t.app, 'POST', 'auth/change-password', {
      currentPassword: 'x',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(answer.status).toBe(401);
  });

  it('changes the password, ends every other session and keeps this one, notifies and mails', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const other = (await signIn(member.code, member.password)).body.data.access_token as string;
    expect((await me(other)).status).toBe(200);
    const mails = t.smtp.mails.length;

    const answer = await change(member.token, {
      currentPassword: member.password,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'success', data: null });

    // The other session is over; the one the change was made in goes on.
    expect((await me(other)).body).toEqual({
      status: 'error',
      message: SESSION_EXPIRED,
      error: 'UNAUTHORIZED',
    });
    expect((await me(member.token)).status).toBe(200);
    expect((await signIn(member.code, member.password)).status).toBe(401);
    expect((await signIn(member.code, NEW_PASSWORD)).status).toBe(200);

    // The change also pauses withdrawals for a day, and says so (decision 0046).
    expect(await securityNotices(t, member.code)).toEqual([
      {
        message: expect.stringMatching(
          /^Your password was changed\. Every other device signed in to your account was signed out\. Withdrawals are paused until .* UTC as a precaution\.$/,
        ),
        link: '/profile',
      },
    ]);
    const mail = await mailAfter(t, mails, member.email, 'Your password was changed');
    expect(mail.text).toContain('Every other device signed in to it was signed out.');
    expect(mail.text).not.toContain(NEW_PASSWORD);
    expect(mail.text).not.toContain(member.password);
  });

  it('refuses a wrong current password with 422 on currentPassword, and throttles the guessing', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    for (let i = 0; i < 5; i++) {
      const wrong = await change(member.token, {
        currentPassword: `wrong password ${i}`,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(wrong.status).toBe(422);
      expect(fieldErrors(wrong.body)).toEqual([
        { field: 'currentPassword', reason: CURRENT_PASSWORD_WRONG },
      ]);
    }
    // The sixth try is refused before the password is looked at, even the right one.
    const right = {
      currentPassword: member.password,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    };
    const throttled = await change(member.token, right);
    expect(throttled.status).toBe(429);
    expect(throttled.body.error).toBe('RATE_LIMITED');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(member.code, member.password)).status).toBe(200);

    t.clock.advance(15 * MINUTE_MS + 1);
    // Sessions idle for 15 minutes are still live (30 minutes idle ends them).
    expect((await change(member.token, right)).status).toBe(200);
    expect(await securityNotices(t, member.code)).toHaveLength(1);
  });

  it.each([
    [
      { newPassword: 'short', confirmPassword: 'short' },
      'newPassword',
      'New password must be at least 8 characters',
    ],
    [
      { newPassword: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
      'newPassword',
      'New password must be at most 128 characters',
    ],
    [
      { newPassword: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}!` },
      'confirmPassword',
      PASSWORDS_DIFFER,
    ],
    [{ newPassword: NEW_PASSWORD }, 'confirmPassword', 'Confirm password is required'],
    [{ confirmPassword: NEW_PASSWORD }, 'newPassword', 'New password is required'],
    [
      { newPassword: 'password123', confirmPassword: 'password123' },
      'newPassword',
      COMMON_PASSWORD,
    ],
  ])('%j → 422 naming %s, password unchanged', async (body, field, reason) => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const answer = await change(member.token, { currentPassword: member.password, ...body });
    expect(answer.status).toBe(422);
    expect(fieldErrors(answer.body)).toContainEqual({ field, reason });
    expect((await signIn(member.code, member.password)).status).toBe(200);
  });

  it('refuses the current password as the new one, and needs the current one', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const same = await change(member.token, {
      currentPassword: member.password,
      newPassword: member.password,
      confirmPassword: member.password,
    });
    expect(same.status).toBe(422);
    expect(fieldErrors(same.body)).toEqual([{ field: 'newPassword', reason: PASSWORD_UNCHANGED }]);
    const missing = await change(member.token, {
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(fieldErrors(missing.body)).toContainEqual({
      field: 'currentPassword',
      reason: 'Current password is required',
    });
  });

  it('ends a password-reset code still live', async () => {
    const member: SignedUp = await signUp(t.app, t.smtp, ROOT);
    const mails = t.smtp.mails.length;
    await call(t.app, 'POST', 'auth/forgot-password', { loginId: member.code });
    const mail = await t.smtp.waitFor(
      (candidate) =>
        t.smtp.mails.indexOf(candidate) >= mails && candidate.to.includes(member.email),
    );
    const otp = otpFrom(mail);
    expect(
      (
        await change(member.token, {
          currentPassword: member.password,
          newPassword: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        })
      ).status,
    ).toBe(200);
    const reset = await call(t.app, 'POST', 'auth/reset-password', {
      loginId: member.code,
      otp,
      newPassword: 'yet another passphrase',
      confirmPassword: 'yet another passphrase',
    });
    expect(reset.status).toBe(422);
    expect((await signIn(member.code, NEW_PASSWORD)).status).toBe(200);
  });
});
