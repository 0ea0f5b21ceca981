import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../testing/database.ts';
import { call, signUp } from '../../testing/requests.ts';
import { otpFrom } from '../../testing/smtp-sink.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { securityNotices, signInFrom } from './test-support.ts';

// Password changes and resets on a real PostgreSQL server, where racing requests really run at
// the same time on separate connections (PGlite has one connection and serialises everything).

let t: TestApp;
const ROOT = 'RTPG2345';
const passphrase = (i: number) => `racing passphrase number ${i}`;
/** How many answers had each status. */
const statuses = (answers: { status: number }[]) =>
  answers.reduce<Record<number, number>>((seen, { status }) => {
    seen[status] = (seen[status] ?? 0) + 1;
    return seen;
  }, {});

describe.skipIf(!testDatabaseUrl)('account security under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestApp({ engine: 'postgres' });
    await createRootMember(t.ctx.database, ROOT);
  });
  afterAll(async () => {
    if (t) await t.close();
  });

  it('lets one of several changes from different sessions win; the others are refused', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const tokens = [member.token];
    for (let i = 1; i < 6; i++) {
      const signedIn = await signInFrom(t, member.code, member.password);
      tokens.push(signedIn.body.data.access_token as string);
    }
    const answers = await Promise.all(
      tokens.map((token, i) =>
        call(
          t.app,
          'POST',
          'auth/change-password',
          {
            currentPassword: member.password,
            newPassword: passphrase(i),
            confirmPassword: passphrase(i),
          },
          { token },
        ),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: 1, 422: 5 });
    const winner = answers.findIndex((answer) => answer.status === 200);
    // The winner's password works and its session alone lives on.
    expect((await signInFrom(t, member.code, passphrase(winner))).status).toBe(200);
    const alive = await Promise.all(
      tokens.map(
        async (token) => (await call(t.app, 'GET', 'auth/me', undefined, { token })).status,
      ),
    );
    expect(alive).toEqual(tokens.map((_, i) => (i === winner ? 200 : 401)));
    expect(await securityNotices(t, member.code)).toHaveLength(1);
  });

  it('resets once when several requests carry the same code', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const since = t.smtp.mails.length;
    await call(t.app, 'POST', 'auth/forgot-password', { loginId: member.code });
    const otp = otpFrom(
      await t.smtp.waitFor(
        (mail) =>
          t.smtp.mails.indexOf(mail) >= since &&
          mail.to.includes(member.email) &&
          mail.text.includes('reset your password'),
      ),
    );
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(t.app, 'POST', 'auth/reset-password', {
          loginId: member.code,
          otp,
          newPassword: passphrase(i),
          confirmPassword: passphrase(i),
        }),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: 1, 422: 7 });
    const winner = answers.findIndex((answer) => answer.status === 200);
    expect((await signInFrom(t, member.code, passphrase(winner))).status).toBe(200);
    expect((await call(t.app, 'GET', 'auth/me', undefined, { token: member.token })).status).toBe(
      401,
    );
  });
});
