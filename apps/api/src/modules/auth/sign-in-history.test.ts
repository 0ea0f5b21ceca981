import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SIGN_IN_HISTORY_LIMIT } from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { recordSignInAttempt } from '../../core/sign-in-history.ts';
import { signInOperator } from '../../testing/operators.ts';
import { call, signUp, type SignedUp } from '../../testing/requests.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';

// Sign-in tries count per account, whichever identifier was typed, and every attempt on a known
// account goes into the history the member and the console read (decision 0044).

const ROOT = 'RHST2345';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createRootMember(t.ctx.database, ROOT);
});
afterAll(() => t.close());

const signIn = (loginId: string, password: string, ip: string, userAgent = ANDROID_CHROME) =>
  call(
    t.app,
    'POST',
    'auth/login',
    { loginId, password },
    { ip, headers: { 'user-agent': userAgent } },
  );

async function memberIdOf(member: SignedUp): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.ctx.database.db,
    sql`select id from members where referral_code = ${member.code}`,
  );
  return row!.id;
}

async function historyOf(token: string) {
  const response = await call(t.app, 'GET', 'auth/sign-in-history', undefined, { token });
  expect(response.status).toBe(200);
  return response.body.data.attempts as Record<string, unknown>[];
}

describe('sign-in tries per account', () => {
  it('counts the Registered ID and the email of one account as one, from one address', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const ip = '10.20.0.1';
    for (const loginId of [
      member.code,
      member.email,
      member.code.toLowerCase(),
      member.email,
      member.code,
    ]) {
      expect((await signIn(loginId, 'not the password', ip)).status).toBe(401);
    }
    // Five tries spent across the spellings: the right password is refused unchecked here...
    const refused = await signIn(member.email.toUpperCase(), member.password, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('RATE_LIMITED');
    // ...and the member still signs in from anywhere else.
    expect((await signIn(member.email, member.password, '10.20.0.2')).status).toBe(200);
  });

  it('throttles the spellings of an unknown id as one too, with the same answers', async () => {
    const ip = '10.20.0.3';
    for (const loginId of ['NOPE2345', 'nope2345', ' Nope2345 ', 'NOPE2345', 'nope2345']) {
      expect((await signIn(loginId, 'guess', ip)).status).toBe(401);
    }
    expect((await signIn('NoPe2345', 'guess', ip)).status).toBe(429);
  });
});

describe('sign-in history', () => {
  it("keeps every attempt on the member's account, newest first, and shows it to the member alone", async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const other = await signUp(t.app, t.smtp, ROOT);
    const start = t.clock.now();
    await signIn(member.code, 'wrong', '10.30.0.1');
    t.clock.set(new Date(start.getTime() + MINUTE_MS));
    const signedIn = await signIn(member.email, member.password, '10.30.0.2');
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.data.access_token as string;
    // Attempts on an id that is no one's belong to no history.
    await signIn('GHST2345', 'wrong', '10.30.0.1');

    const attempts = await historyOf(token);
    expect(attempts.slice(0, 2)).toEqual([
      {
        id: expect.any(String),
        at: new Date(start.getTime() + MINUTE_MS).toISOString(),
        ip: '10.30.0.2',
        device: 'Chrome on Android',
        method: 'password',
        result: 'success',
        failure: null,
      },
      {
        id: expect.any(String),
        at: start.toISOString(),
        ip: '10.30.0.1',
        device: 'Chrome on Android',
        method: 'password',
        result: 'failure',
        failure: 'wrong-password',
      },
    ]);
    const otherToken = (await signIn(other.code, other.password, '10.30.0.9')).body.data
      .access_token as string;
    // The other member's history has its own sign-in (and its sign-up's), nothing of the first's.
    const othersIps = (await historyOf(otherToken)).map((attempt) => attempt.ip);
    expect(othersIps[0]).toBe('10.30.0.9');
    expect(othersIps).not.toContain('10.30.0.1');
    expect(othersIps).not.toContain('10.30.0.2');
  });

  it('records a refused try as too many attempts and the right password on a blocked account', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const id = await memberIdOf(member);
    const ip = '10.40.0.1';
    for (let i = 0; i < 5; i++) await signIn(member.code, `guess-${i}`, ip);
    expect((await signIn(member.code, member.password, ip)).status).toBe(429);
    await t.ctx.database.db.execute(sql`update members set status = 'blocked' where id = ${id}`);
    expect((await signIn(member.code, member.password, '10.40.0.2')).status).toBe(403);

    const operator = await signInOperator(t, 'history-admin@example.com');
    const response = await call(t.app, 'GET', `operator/members/${id}/sign-in-history`, undefined, {
      token: operator,
    });
    expect(response.status).toBe(200);
    const outcomes = (response.body.data.attempts as { failure: string | null }[]).map(
      (attempt) => attempt.failure,
    );
    expect(outcomes.slice(0, 2)).toEqual(['account-blocked', 'too-many-attempts']);
    expect(outcomes.filter((failure) => failure === 'wrong-password')).toHaveLength(5);
  });

  it('shows the latest 100 attempts', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const id = await memberIdOf(member);
    const base = t.clock.now().getTime() - 200 * MINUTE_MS;
    for (let i = 0; i < SIGN_IN_HISTORY_LIMIT + 5; i++) {
      await recordSignInAttempt(t.ctx.database.db, {
        memberId: id,
        at: new Date(base + i * MINUTE_MS),
        ip: `10.50.0.${i % 250}`,
        userAgent: undefined,
        method: 'password',
        failure: 'wrong-password',
      });
    }
    const token = (await signIn(member.code, member.password, '10.50.1.1')).body.data
      .access_token as string;
    const attempts = await historyOf(token);
    expect(attempts).toHaveLength(SIGN_IN_HISTORY_LIMIT);
    expect(attempts[0]).toMatchObject({ ip: '10.50.1.1', result: 'success' });
    // This sign-in and the sign-up's come first, then the latest 98 of the 105 recorded earlier.
    expect(attempts.at(-1)).toMatchObject({ ip: '10.50.0.7', device: 'an unnamed device' });
  });

  it('answers 404 for an operator asking for a member who does not exist', async () => {
    const operator = await signInOperator(t, 'history-admin-2@example.com');
    const response = await call(
      t.app,
      'GET',
      'operator/members/00000000-0000-4000-8000-000000000000/sign-in-history',
      undefined,
      { token: operator },
    );
    expect(response.status).toBe(404);
  });
});
