import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CURRENT_PASSWORD_WRONG,
  OWN_DETAILS_NONE,
  OWN_DETAILS_UNCHANGED,
  OWN_EMAIL_TAKEN,
  OWN_EMAIL_UNCHANGED,
} from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { call, signUp, type SignedUp } from '../../testing/requests.ts';
import { otpFrom } from '../../testing/smtp-sink.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { mailAfter, securityNotices } from './test-support.ts';

let t: TestApp;
const ROOT = 'RTOD2345';

beforeAll(async () => {
  t = await createTestApp();
  await createRootMember(t.ctx.database, ROOT);
});
afterAll(() => t.close());

const join = (overrides: Record<string, string> = {}) => signUp(t.app, t.smtp, ROOT, overrides);
const patch = (member: SignedUp, body: Record<string, unknown>) =>
  call(t.app, 'PATCH', 'auth/profile', body, { token: member.token });
const post = (member: SignedUp, path: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', path, body, { token: member.token });
const fieldErrors = (body: Record<string, any>) => body.message[0].validation_results as unknown[];

const stored = async (code: string) =>
  (
    await queryRows<{ name: string; mobile: string; email: string; verified: boolean }>(
      t.ctx.database.db,
      sql`select name, mobile, email, email_verified_at is not null as verified
        from members where referral_code = ${code}`,
    )
  )[0]!;

/** Past the one-a-minute limit on codes. */
const aMinuteLater = () => t.clock.advance(MINUTE_MS + 1000);

describe('PATCH auth/profile', () => {
  it('changes the name and a German mobile number, tells the member in the app and by mail', async () => {
    const member = await join();
    const mails = t.smtp.mails.length;
    const answer = await patch(member, { name: 'Asha V. Rao', mobile_number: '+49 1512 3456789' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ changed: ['name', 'mobile_number'] });
    expect(await stored(member.code)).toMatchObject({
      name: 'Asha V. Rao',
      mobile: '+4915123456789',
    });
    const mail = await mailAfter(t, mails, member.email, 'Your account details were changed');
    expect(mail.text).toContain('name from');
    expect((await securityNotices(t, member.code)).at(-1)?.message).toMatch(
      /^Your name and mobile number changed\./,
    );
  });

  it('refuses what registration refuses, naming the field, and changes nothing', async () => {
    const member = await join();
    const before = await stored(member.code);
    const badMobile = await patch(member, { mobile_number: '+1 555' });
    expect(badMobile.status).toBe(422);
    expect(fieldErrors(badMobile.body)).toEqual([
      expect.objectContaining({ field: 'mobile_number' }),
    ]);
    const none = await patch(member, { email: 'x@example.com' });
    expect(none.status).toBe(422);
    expect(fieldErrors(none.body)).toEqual([{ field: 'name', reason: OWN_DETAILS_NONE }]);
    const same = await patch(member, { name: before.name });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe(OWN_DETAILS_UNCHANGED);
    expect(await stored(member.code)).toEqual(before);
  });
});

describe('POST auth/email-change and its confirm', () => {
  it('replaces the email only with the code mailed to the new address; both addresses told', async () => {
    const member = await join();
    const next = `new-${member.code.toLowerCase()}@example.com`;
    const mails = t.smtp.mails.length;
    const started = await post(member, 'auth/email-change', {
      email: next.toUpperCase(),
      password: member.password,
    });
    expect(started.status).toBe(200);
    expect(started.body.message).toMatch(/^A code was sent to /);
    const codeMail = await t.smtp.waitFor(
      (mail) => t.smtp.mails.indexOf(mail) >= mails && mail.to.includes(next),
    );
    const otp = otpFrom(codeMail);
    // Not changed until the code comes back; a code for another address does not do it.
    expect((await stored(member.code)).email).toBe(member.email);
    const wrongAddress = await post(member, 'auth/email-change/confirm', {
      email: 'other@example.com',
      otp,
    });
    expect(wrongAddress.status).toBe(400);

    aMinuteLater();
    const again = await post(member, 'auth/email-change', {
      email: next,
      password: member.password,
    });
    expect(again.status).toBe(200);
    const second = await t.smtp.waitFor(
      (mail) =>
        t.smtp.mails.indexOf(mail) > t.smtp.mails.indexOf(codeMail) && mail.to.includes(next),
    );
    const confirmed = await post(member, 'auth/email-change/confirm', {
      email: next,
      otp: otpFrom(second),
    });
    expect(confirmed.status).toBe(200);
    expect(await stored(member.code)).toMatchObject({ email: next, verified: true });
    for (const address of [member.email, next]) {
      const notice = await mailAfter(t, mails, address, 'The email of your account was changed');
      expect(notice.text).toContain(`from ${member.email} to ${next}`);
    }
  });

  it('asks for the password, and refuses the same email or one another account has', async () => {
    const member = await join();
    const other = await join();
    const wrong = await post(member, 'auth/email-change', {
      email: 'fresh@example.com',
      password: 'not the password',
    });
    expect(wrong.status).toBe(422);
    expect(fieldErrors(wrong.body)).toEqual([
      { field: 'password', reason: CURRENT_PASSWORD_WRONG },
    ]);
    const same = await post(member, 'auth/email-change', {
      email: member.email,
      password: member.password,
    });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe(OWN_EMAIL_UNCHANGED);
    const taken = await post(member, 'auth/email-change', {
      email: other.email,
      password: member.password,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(OWN_EMAIL_TAKEN);
    expect((await stored(member.code)).email).toBe(member.email);
  });

  it('needs a session', async () => {
    const answer = await call(t.app, 'PATCH', 'auth/profile', { name: 'Nobody' });
    expect(answer.status).toBe(401);
  });
});
