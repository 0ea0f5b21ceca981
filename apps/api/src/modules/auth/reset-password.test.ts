import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COMMON_PASSWORD, PASSWORDS_DIFFER } from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { call, signUp, type SignedUp } from '../../testing/requests.ts';
import { otpFrom, type ReceivedMail } from '../../testing/smtp-sink.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { RESET_CODE_SENT } from './forgot-password.ts';
import { mailAfter } from './test-support.ts';

let t: TestApp;
const ROOT = 'RTRP2345';
const PER_IP = 6;

beforeAll(async () => {
  t = await createTestApp({ env: { RESET_RATE_LIMIT: String(PER_IP) } });
  await createRootMember(t.ctx.database, ROOT);
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a brand new passphrase';
const OTP_REFUSED = {
  status: 'error',
  message: [{ validation_results: [{ field: 'otp', reason: 'Invalid or expired OTP' }] }],
};

// Each test asks from its own address, so the per-IP limit is met only where it is tested.
let lastIp = 0;
const nextIp = () => `10.20.0.${++lastIp}`;

const forgot = (loginId: string, ip: string) =>
  call(t.app, 'POST', 'auth/forgot-password', { loginId }, { ip });
const reset = (body: Record<string, unknown>) =>
  call(t.app, 'POST', 'auth/reset-password', body, { ip: '10.30.0.1' });
const resetWith = (loginId: string, otp: string, password = NEW_PASSWORD) =>
  reset({ loginId, otp, newPassword: password, confirmPassword: password });
const signIn = (loginId: string, password: string) =>
  call(t.app, 'POST', 'auth/login', { loginId, password });
const me = (token: string) => call(t.app, 'GET', 'auth/me', undefined, { token });
const wrongCode = (code: string) => (code === '000000' ? '000001' : '000000');

async function resetCode(member: SignedUp, ip = nextIp()): Promise<string> {
  const since = t.smtp.mails.length;
  expect((await forgot(member.code, ip)).status).toBe(200);
  const mail: ReceivedMail = await t.smtp.waitFor(
    (candidate) =>
      t.smtp.mails.indexOf(candidate) >= since &&
      candidate.to.includes(member.email) &&
      candidate.text.includes('reset your password'),
  );
  return otpFrom(mail);
}

describe('POST auth/forgot-password', () => {
  it('answers an unknown id exactly as a known one, and mails only the member', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const other = await signUp(t.app, t.smtp, ROOT);
    const since = t.smtp.mails.length;
    const known = await forgot(member.code, nextIp());
    // The code is issued after the answer; it is mailed once issued.
    const mail = await t.smtp.waitFor(
      (candidate) =>
        t.smtp.mails.indexOf(candidate) >= since && candidate.to.includes(member.email),
    );
    expect(mail.text).toContain('Your one-time code to reset your password is');
    expect(mail.text).toContain('It expires in 10 minutes and works once.');
    const byEmail = await forgot(member.email.toUpperCase(), nextIp());
    const unknownId = await forgot('ZZZZ7777', nextIp());
    const unknownEmail = await forgot('nobody.here@example.com', nextIp());
    for (const answer of [known, byEmail, unknownId, unknownEmail]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ status: 'success', message: RESET_CODE_SENT, data: null });
    }
    // The request by email came within the minute: the code already mailed is the one to use.
    // Codes are issued after the answer, so absence is judged after a marker: another member's
    // request, sent last, whose code is issued once those before it (queued ahead of it on the
    // one database connection) are done; then every mail handed over is in.
    expect((await forgot(other.code, nextIp())).status).toBe(200);
    const marker = await t.smtp.waitFor(
      (candidate) => t.smtp.mails.indexOf(candidate) >= since && candidate.to.includes(other.email),
    );
    await t.mailsDelivered();
    expect(t.smtp.mails.slice(since)).toEqual([mail, marker]);
    // Stored hashed, bound to its purpose.
    const [stored] = await queryRows<{ code_hash: string }>(
      t.ctx.database.db,
      sql`select o.code_hash from otps o join members m on m.id = o.member_id
          where m.referral_code = ${member.code} and o.purpose = 'password-reset'`,
    );
    expect(stored?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.code_hash).not.toContain(otpFrom(mail));
  });

  it('limits requests per id, known or not, with the same 429', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const answers = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 6; i++) {
      answers.known.push((await forgot(member.code, nextIp())).status);
      answers.unknown.push((await forgot('QQQQ9999', nextIp())).status);
      t.clock.advance(MINUTE_MS + 1);
    }
    expect(answers.known).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers.unknown).toEqual(answers.known);
    const known = await forgot(member.code, nextIp());
    const unknown = await forgot('QQQQ9999', nextIp());
    expect(known.status).toBe(429);
    expect(known.body).toEqual(unknown.body);
    t.clock.advance(15 * MINUTE_MS);
    expect((await forgot(member.code, nextIp())).status).toBe(200);
  });

  it('limits requests per address', async () => {
    const ip = nextIp();
    for (let i = 0; i < PER_IP; i++) expect((await forgot(`NOID${i}`, ip)).status).toBe(200);
    const limited = await forgot('NOIDX', ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: 'error', error: 'RATE_LIMITED' });
    expect((await forgot('NOIDX', nextIp())).status).toBe(200);
  });

  it.each([
    [{}, 'Registered ID or email is required'],
    [{ loginId: '  ' }, 'Registered ID or email is required'],
  ])('%j → 422 naming loginId', async (body, reason) => {
    const answer = await call(t.app, 'POST', 'auth/forgot-password', body, { ip: nextIp() });
    expect(answer.status).toBe(422);
    expect(answer.body.message[0].validation_results).toEqual([{ field: 'loginId', reason }]);
  });
});

describe('POST auth/reset-password', () => {
  it('sets the new password with the mailed code, ends every session, notifies and mails', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const second = (await signIn(member.code, member.password)).body.data.access_token as string;
    const otp = await resetCode(member);
    const since = t.smtp.mails.length;

    const answer = await resetWith(member.email, otp);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('success');
    for (const token of [member.token, second]) expect((await me(token)).status).toBe(401);
    expect((await signIn(member.code, member.password)).status).toBe(401);
    const fresh = await signIn(member.code, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    // The code came to the mailbox, so the address is proven as by a verification code.
    expect(fresh.body.data.user.verified).toBe(true);

    const [notice] = await queryRows<{ message: string; kind: string; link: string }>(
      t.ctx.database.db,
      sql`select n.message, n.kind, n.link from notifications n join members m on m.id = n.member_id
          where m.referral_code = ${member.code} and n.message like 'Your password was reset%'`,
    );
    expect(notice).toMatchObject({ kind: 'security', link: '/profile' });
    const mail = await mailAfter(t, since, member.email, 'Your password was reset');
    expect(mail.text).toContain('Every device signed in to it was signed out.');
    expect(mail.text).not.toContain(NEW_PASSWORD);
    expect(mail.text).not.toContain(otp);

    // Single use.
    expect((await resetWith(member.code, otp, 'one more passphrase')).body).toEqual(OTP_REFUSED);
    expect((await signIn(member.code, NEW_PASSWORD)).status).toBe(200);
  });

  it('ends the code after five wrong tries, even for the right code afterwards', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const otp = await resetCode(member);
    for (let i = 0; i < 5; i++) {
      const wrong = await resetWith(member.code, wrongCode(otp));
      expect(wrong.status).toBe(422);
      expect(wrong.body).toEqual(OTP_REFUSED);
    }
    expect((await resetWith(member.code, otp)).body).toEqual(OTP_REFUSED);
    expect((await signIn(member.code, member.password)).status).toBe(200);
    expect((await me(member.token)).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const otp = await resetCode(member);
    t.clock.advance(10 * MINUTE_MS + 1);
    expect((await resetWith(member.code, otp)).body).toEqual(OTP_REFUSED);
    expect((await signIn(member.code, member.password)).status).toBe(200);
  });

  it('answers an unknown id as a wrong code, and takes no verification code', async () => {
    expect((await resetWith('ZZZZ7777', '123456')).body).toEqual(OTP_REFUSED);
    expect((await resetWith('nobody.here@example.com', '123456')).body).toEqual(OTP_REFUSED);
    const member = await signUp(t.app, t.smtp, ROOT);
    // The code mailed at registration verifies the email; it cannot reset the password.
    expect((await resetWith(member.code, member.otp)).body).toEqual(OTP_REFUSED);
  });

  it('only the newest code works', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const first = await resetCode(member);
    t.clock.advance(MINUTE_MS + 1);
    const second = await resetCode(member);
    expect((await resetWith(member.code, first)).body).toEqual(OTP_REFUSED);
    expect((await resetWith(member.code, second)).status).toBe(200);
  });

  it.each([
    [
      { newPassword: 'short', confirmPassword: 'short' },
      'newPassword',
      'New password must be at least 8 characters',
    ],
    [
      { newPassword: NEW_PASSWORD, confirmPassword: 'something else' },
      'confirmPassword',
      PASSWORDS_DIFFER,
    ],
    [
      { newPassword: 'iloveyou123', confirmPassword: 'iloveyou123' },
      'newPassword',
      COMMON_PASSWORD,
    ],
    [
      { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, otp: '12ab56' },
      'otp',
      'Enter valid OTP.',
    ],
  ])('%j → 422 naming %s, without using up a try', async (body, field, reason) => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const otp = await resetCode(member);
    for (let i = 0; i < 5; i++) {
      const answer = await reset({ loginId: member.code, otp, ...body });
      expect(answer.status).toBe(422);
      expect(answer.body.message[0].validation_results).toContainEqual({ field, reason });
    }
    expect((await resetWith(member.code, otp)).status).toBe(200);
  });
});
