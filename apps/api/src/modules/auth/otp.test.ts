import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { call, signUp } from '../../testing/requests.ts';
import { otpFrom } from '../../testing/smtp-sink.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
const ROOT = 'RTST2345';

beforeAll(async () => {
  t = await createTestApp();
  await createRootMember(t.ctx.database, ROOT);
});
afterAll(() => t.close());

const isVerified = async (code: string) => {
  const [row] = await queryRows<{ verified: boolean }>(
    t.ctx.database.db,
    sql`select email_verified_at is not null as verified from members where referral_code = ${code}`,
  );
  return row?.verified;
};
const verify = (body: Record<string, unknown>) => call(t.app, 'POST', 'auth/otp-verify', body);
const wrongCode = (code: string) => (code === '000000' ? '000001' : '000000');

describe('POST auth/otp-verify', () => {
  it('verifies the email with the mailed code, without a session, by id or by email', async () => {
    const byId = await signUp(t.app, t.smtp, ROOT);
    const response = await verify({ loginId: byId.code, otp: byId.otp, purpose: 'verify-email' });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('success');
    expect(await isVerified(byId.code)).toBe(true);
    const me = await call(t.app, 'GET', 'auth/me', undefined, { token: byId.token });
    expect(me.body.data.verified).toBe(true);

    const byEmail = await signUp(t.app, t.smtp, ROOT);
    expect((await verify({ email: byEmail.email.toUpperCase(), otp: byEmail.otp })).status).toBe(
      200,
    );
    expect(await isVerified(byEmail.code)).toBe(true);
  });

  it('refuses the used code afterwards', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    await verify({ loginId: member.code, otp: member.otp });
    const again = await verify({ loginId: member.code, otp: member.otp });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('OTP_INVALID');
  });

  it('answers a verified email exactly like an unknown one', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    await verify({ loginId: member.code, otp: member.otp });
    const registered = await verify({ email: member.email, otp: '123456' });
    const unknown = await verify({ email: 'nobody.here@example.com', otp: '123456' });
    expect(registered.status).toBe(400);
    expect(registered.body).toEqual(unknown.body);
    expect(unknown.body).toEqual({
      status: 'error',
      message: 'Invalid or expired OTP',
      error: 'OTP_INVALID',
    });
  });

  it('ends the code after five wrong tries, even for the right code afterwards', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    for (let i = 0; i < 5; i++) {
      const wrong = await verify({ loginId: member.code, otp: wrongCode(member.otp) });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({
        status: 'error',
        message: 'Invalid or expired OTP',
        error: 'OTP_INVALID',
      });
    }
    expect((await verify({ loginId: member.code, otp: member.otp })).status).toBe(400);
    expect(await isVerified(member.code)).toBe(false);
  });

  it('refuses an expired code', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    t.clock.advance(10 * MINUTE_MS + 1);
    expect((await verify({ loginId: member.code, otp: member.otp })).status).toBe(400);
    expect(await isVerified(member.code)).toBe(false);
  });

  it('answers an unknown id like a wrong code', async () => {
    const response = await verify({ loginId: 'ZZZZ7777', otp: '123456' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('OTP_INVALID');
  });

  it.each([
    [{ loginId: 'X' }, 'otp', 'OTP is required'],
    [{ loginId: 'X', otp: '12ab56' }, 'otp', 'Enter valid OTP.'],
    [{ loginId: 'X', otp: '1234567' }, 'otp', 'Enter valid OTP.'],
    [{ otp: '123456' }, 'loginId', 'Registered id is required'],
    [{ loginId: 'X', otp: '123456', purpose: 'withdrawal' }, 'purpose', 'Enter valid Purpose.'],
  ])('validates %j', async (body, field, reason) => {
    const response = await verify(body);
    expect(response.status).toBe(422);
    expect(response.body.message[0].validation_results).toContainEqual({ field, reason });
  });
});

describe('GET auth/send-otp', () => {
  it('needs a session', async () => {
    expect((await call(t.app, 'GET', 'auth/send-otp?purpose=verify-email')).status).toBe(401);
  });

  it('mails a new code once a minute, and only the newest code works', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const tooSoon = await call(t.app, 'GET', 'auth/send-otp?purpose=verify-email', undefined, {
      token: member.token,
    });
    expect(tooSoon.status).toBe(429);
    t.clock.advance(MINUTE_MS + 1);
    const mailsBefore = t.smtp.mails.length;
    const sent = await call(t.app, 'GET', 'auth/send-otp?purpose=verify-email', undefined, {
      token: member.token,
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatch(/^A code was sent to m\*+\d@example\.com$/);
    const mail = await t.smtp.waitFor(
      (m) => t.smtp.mails.indexOf(m) >= mailsBefore && m.to.includes(member.email),
    );
    const fresh = otpFrom(mail);
    if (fresh !== member.otp)
      expect((await verify({ loginId: member.code, otp: member.otp })).status).toBe(400);
    expect((await verify({ loginId: member.code, otp: fresh })).status).toBe(200);
    const after = await call(t.app, 'GET', 'auth/send-otp', undefined, { token: member.token });
    expect(after.status).toBe(409);
  });

  it('refuses an unknown purpose', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const response = await call(t.app, 'GET', 'auth/send-otp?purpose=nonsense', undefined, {
      token: member.token,
    });
    expect(response.status).toBe(422);
    expect(response.body.message[0].validation_results).toEqual([
      { field: 'purpose', reason: 'Enter valid Purpose.' },
    ]);
  });
});
