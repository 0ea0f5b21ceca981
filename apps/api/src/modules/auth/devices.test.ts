import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { call, registration } from '../../testing/requests.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { describeDevice } from './devices.ts';
import { mailAfter, securityNotices, signInFrom } from './test-support.ts';

let t: TestApp;
const ROOT = 'RTDV2345';

beforeAll(async () => {
  t = await createTestApp();
  await createRootMember(t.ctx.database, ROOT);
});
afterAll(() => t.close());

const LAPTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const signIn = (loginId: string, password: string, userAgent: string) =>
  signInFrom(t, loginId, password, userAgent);

async function register() {
  const body = registration(ROOT);
  const answer = await call(t.app, 'POST', 'auth/register', body);
  expect(answer.status).toBe(200);
  return {
    code: answer.body.data.referral_code as string,
    email: body.email.toLowerCase(),
    password: body.password,
  };
}

const devices = (code: string) =>
  queryRows<{ device_hash: string; first_seen_at: string | Date; last_seen_at: string | Date }>(
    t.ctx.database.db,
    sql`select d.device_hash, d.first_seen_at, d.last_seen_at from member_devices d
        join members m on m.id = d.member_id where m.referral_code = ${code}`,
  );
const newSignInMails = (email: string, since: number) =>
  t.smtp.mails
    .slice(since)
    .filter((mail) => mail.to.includes(email) && mail.subject === 'New sign-in to your account');

describe('sign-in from a new device', () => {
  it('is not news on the first sign-in, nor on a device seen before', async () => {
    const member = await register();
    const since = t.smtp.mails.length;
    expect((await signIn(member.code, member.password, LAPTOP)).status).toBe(200);
    t.clock.advance(MINUTE_MS);
    expect((await signIn(member.code, member.password, LAPTOP)).status).toBe(200);
    // A sign-in hands its mail over before it answers: once those are in, none is merely late.
    await t.mailsDelivered();
    expect(await securityNotices(t, member.code)).toEqual([]);
    expect(newSignInMails(member.email, since)).toEqual([]);
    const [device] = await devices(member.code);
    // Only a digest of the user agent is kept, and when it was first and last seen.
    expect(device?.device_hash).toMatch(/^[0-9a-f]{64}$/);
    const seenFor =
      new Date(device!.last_seen_at).getTime() - new Date(device!.first_seen_at).getTime();
    expect(seenFor).toBe(MINUTE_MS);
  });

  it('tells the member once about a device not seen before, in the app and by email', async () => {
    const member = await register();
    await signIn(member.code, member.password, LAPTOP);
    const since = t.smtp.mails.length;
    expect((await signIn(member.code, member.password, PHONE)).status).toBe(200);
    expect(await securityNotices(t, member.code)).toEqual([
      {
        message:
          "New sign-in to your account from Safari on iOS. If this wasn't you, change your password.",
        link: '/profile',
      },
    ]);
    const mail = await mailAfter(t, since, member.email, 'New sign-in to your account');
    expect(mail.text).toContain('Device: Safari on iOS');
    expect(mail.text).toContain('change your password');
    expect(mail.text).not.toContain(member.password);

    // The phone is known now; the laptop was known before.
    await signIn(member.code, member.password, PHONE);
    await signIn(member.code, member.password, LAPTOP);
    // A sign-in hands its mail over before it answers: once those are in, none is merely late.
    await t.mailsDelivered();
    expect(await securityNotices(t, member.code)).toHaveLength(1);
    expect(newSignInMails(member.email, since)).toHaveLength(1);
    expect(await devices(member.code)).toHaveLength(2);
  });

  it('records nothing for a wrong password', async () => {
    const member = await register();
    await signIn(member.code, member.password, LAPTOP);
    expect((await signIn(member.code, 'not the password', PHONE)).status).toBe(401);
    expect(await devices(member.code)).toHaveLength(1);
    expect(await securityNotices(t, member.code)).toEqual([]);
  });
});

describe('describeDevice', () => {
  it.each([
    [LAPTOP, 'Chrome on Windows'],
    [PHONE, 'Safari on iOS'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox on macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    ['curl/8.5.0', 'curl/8.5.0'],
    [undefined, 'an unnamed device'],
    ['x'.repeat(200), `${'x'.repeat(79)}…`],
  ])('%s → %s', (agent, described) => {
    expect(describeDevice(agent)).toBe(described);
  });
});
