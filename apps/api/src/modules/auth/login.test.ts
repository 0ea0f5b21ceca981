import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS, SESSION_EXPIRED } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { MINUTE_MS, HOUR_MS } from '../../lib/clock.ts';
import { call, signUp, type SignedUp } from '../../testing/requests.ts';
import {
  createRootMember,
  createTestApp,
  ROOT_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';

let t: TestApp;
let member: SignedUp;
const ROOT = 'RTST2345';
const UNAUTHORIZED_BODY = { status: 'error', message: SESSION_EXPIRED, error: 'UNAUTHORIZED' };

beforeAll(async () => {
  t = await createTestApp();
  await createRootMember(t.ctx.database, ROOT);
  member = await signUp(t.app, t.smtp, ROOT);
});
afterAll(() => t.close());

describe('POST auth/login', () => {
  it('signs in by Registered ID in any case and returns the token and the member', async () => {
    const response = await call(t.app, 'POST', 'auth/login', {
      loginId: ` ${member.code.toLowerCase()} `,
      password: member.password,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.body.data.user).toMatchObject({
      referral_code: member.code,
      email: member.email,
      verified: false,
      sponsor: { referralCode: ROOT },
    });
    expect(response.body.data.user).not.toHaveProperty('passwordHash');
  });

  it('answers a wrong password and an unknown id identically', async () => {
    const wrong = await call(
      t.app,
      'POST',
      'auth/login',
      { loginId: member.code, password: 'not the password' },
      { ip: '10.0.0.5' },
    );
    const unknown = await call(
      t.app,
      'POST',
      'auth/login',
      { loginId: 'ZZZZ9999', password: 'not the password' },
      { ip: '10.0.0.5' },
    );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({
      status: 'error',
      message: INVALID_CREDENTIALS,
      error: 'INVALID_CREDENTIALS',
    });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('requires both fields with the contract messages', async () => {
    const response = await call(t.app, 'POST', 'auth/login', { loginId: '   ' });
    expect(response.status).toBe(422);
    expect(response.body.message[0].validation_results).toEqual([
      { field: 'loginId', reason: 'Registered id is required' },
      { field: 'password', reason: 'Password is required' },
    ]);
  });

  it('throttles one address after five wrong passwords for an id, without locking the member out elsewhere', async () => {
    const attacker = '10.9.9.9';
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await call(
            t.app,
            'POST',
            'auth/login',
            { loginId: member.code, password: `guess-${i}` },
            { ip: attacker },
          )
        ).status,
      ).toBe(401);
    }
    const blocked = await call(
      t.app,
      'POST',
      'auth/login',
      { loginId: member.code, password: member.password },
      { ip: attacker },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('RATE_LIMITED');
    // Seconds until the 15-minute window lets this address try the id again.
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // The same throttle answer for an id that does not exist, so 429 reveals nothing either.
    for (let i = 0; i < 5; i++)
      await call(
        t.app,
        'POST',
        'auth/login',
        { loginId: 'ZZZZ8888', password: `guess-${i}` },
        { ip: attacker },
      );
    expect(
      (
        await call(
          t.app,
          'POST',
          'auth/login',
          { loginId: 'ZZZZ8888', password: 'x' },
          { ip: attacker },
        )
      ).status,
    ).toBe(429);

    const elsewhere = await call(
      t.app,
      'POST',
      'auth/login',
      { loginId: member.code, password: member.password },
      { ip: '10.1.1.1' },
    );
    expect(elsewhere.status).toBe(200);
    t.clock.advance(16 * MINUTE_MS);
    expect(
      (
        await call(
          t.app,
          'POST',
          'auth/login',
          { loginId: member.code, password: member.password },
          { ip: attacker },
        )
      ).status,
    ).toBe(200);
  });

  it('refuses a blocked member', async () => {
    const blocked = await signUp(t.app, t.smtp, ROOT);
    await t.ctx.database.db.execute(
      sql`update members set status = 'blocked' where referral_code = ${blocked.code}`,
    );
    const response = await call(t.app, 'POST', 'auth/login', {
      loginId: blocked.code,
      password: blocked.password,
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      status: 'error',
      error: 'ACCOUNT_BLOCKED',
      message: `This account is blocked. Please write to support at ${t.ctx.config.supportEmail}.`,
      data: { accountBlocked: true, supportEmail: t.ctx.config.supportEmail },
    });
    // The session opened before the block: refused (401), saying why and where to write.
    const session = await call(t.app, 'GET', 'auth/wallet-balance', undefined, {
      token: blocked.token,
    });
    expect(session.status).toBe(401);
    expect(session.body).toEqual({
      status: 'error',
      error: 'UNAUTHORIZED',
      message: `This account is blocked. Please write to support at ${t.ctx.config.supportEmail}.`,
      data: { accountBlocked: true, supportEmail: t.ctx.config.supportEmail },
    });
  });

  it('says only that the session expired to a token that is not a blocked member', async () => {
    const unknown = await call(t.app, 'GET', 'auth/wallet-balance', undefined, {
      token: 'x'.repeat(43),
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({
      status: 'error',
      error: 'UNAUTHORIZED',
      message: SESSION_EXPIRED,
    });
  });
});

describe('sessions', () => {
  const signIn = async () =>
    (
      await call(
        t.app,
        'POST',
        'auth/login',
        { loginId: member.code, password: member.password },
        { ip: '10.2.2.2' },
      )
    ).body.data.access_token as string;

  it('serves the wallet balance to a valid token', async () => {
    const response = await call(t.app, 'GET', 'auth/wallet-balance', undefined, {
      token: await signIn(),
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'success',
      message: 'Success',
      data: { primary_wallet: 0, profit_wallet: 0 },
    });
  });

  it.each([
    ['no header', {}],
    ['a malformed header', { authorization: 'Token abc' }],
    ['an unknown token', { authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
    ['a short token', { authorization: 'Bearer x' }],
    ['a huge token', { authorization: `Bearer ${'a'.repeat(5000)}` }],
  ])('answers the contract 401 for %s', async (_name, headers) => {
    const response = await call(t.app, 'GET', 'auth/wallet-balance', undefined, { headers });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(UNAUTHORIZED_BODY);
  });

  it('ends a session at logout', async () => {
    const token = await signIn();
    expect((await call(t.app, 'POST', 'auth/logout', undefined, { token })).status).toBe(200);
    const after = await call(t.app, 'GET', 'auth/wallet-balance', undefined, { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual(UNAUTHORIZED_BODY);
  });

  it('expires after 30 idle minutes', async () => {
    const token = await signIn();
    t.clock.advance(29 * MINUTE_MS);
    expect((await call(t.app, 'GET', 'auth/wallet-balance', undefined, { token })).status).toBe(
      200,
    );
    t.clock.advance(30 * MINUTE_MS + 1);
    expect((await call(t.app, 'GET', 'auth/wallet-balance', undefined, { token })).status).toBe(
      401,
    );
  });

  it('expires 12 hours after sign-in however active the member is', async () => {
    const token = await signIn();
    for (let elapsed = 0; elapsed < 12 * HOUR_MS - 20 * MINUTE_MS; elapsed += 20 * MINUTE_MS) {
      t.clock.advance(20 * MINUTE_MS);
      expect((await call(t.app, 'GET', 'auth/wallet-balance', undefined, { token })).status).toBe(
        200,
      );
    }
    t.clock.advance(20 * MINUTE_MS);
    expect((await call(t.app, 'GET', 'auth/wallet-balance', undefined, { token })).status).toBe(
      401,
    );
  });

  it('keeps members apart: a token only ever shows its own member', async () => {
    const other = await signUp(t.app, t.smtp, ROOT);
    const mine = await call(t.app, 'GET', 'auth/me', undefined, { token: other.token });
    expect(mine.body.data.referral_code).toBe(other.code);
    const root = await call(t.app, 'POST', 'auth/login', {
      loginId: ROOT,
      password: ROOT_PASSWORD,
    });
    expect(
      (await call(t.app, 'GET', 'auth/me', undefined, { token: root.body.data.access_token })).body
        .data.referral_code,
    ).toBe(ROOT);
  });
});
