import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_INVALID_CREDENTIALS, SESSION_EXPIRED } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { operators } from '../../db/schema/operators.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { OPERATOR_PASSWORD, signInOperator } from '../../testing/operators.ts';

let t: TestApp;
const EMAIL = 'admin@ops.example.com';
const UNAUTHORIZED_BODY = { status: 'error', message: SESSION_EXPIRED, error: 'UNAUTHORIZED' };
const INVALID_BODY = {
  status: 'error',
  message: OPERATOR_INVALID_CREDENTIALS,
  error: 'INVALID_CREDENTIALS',
};

beforeAll(async () => {
  t = await createTestApp();
  await signInOperator(t, EMAIL);
});
afterAll(() => t.close());

describe('POST operator/auth/login', () => {
  it('signs in by email in any case and returns the token and the operator', async () => {
    const response = await call(t.app, 'POST', 'operator/auth/login', {
      email: ` ${EMAIL.toUpperCase()} `,
      password: OPERATOR_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('success');
    expect(response.body.data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.body.data.operator).toEqual({
      id: expect.any(String),
      email: EMAIL,
      role: 'admin',
    });
    expect(response.body.data.operator).not.toHaveProperty('passwordHash');
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const options = { ip: '10.1.0.5' };
    const wrong = await call(
      t.app,
      'POST',
      'operator/auth/login',
      { email: EMAIL, password: 'not the password' },
      options,
    );
    const unknown = await call(
      t.app,
      'POST',
      'operator/auth/login',
      { email: 'nobody@ops.example.com', password: 'not the password' },
      options,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(INVALID_BODY);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('is not the member sign-in: an operator email there is refused', async () => {
    const response = await call(t.app, 'POST', 'auth/login', {
      loginId: EMAIL,
      password: OPERATOR_PASSWORD,
    });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('INVALID_CREDENTIALS');
  });

  it('names each bad field with 422', async () => {
    const missing = await call(t.app, 'POST', 'operator/auth/login', {});
    expect(missing.status).toBe(422);
    expect(missing.body.message[0].validation_results).toEqual([
      { field: 'email', reason: 'Email id is required' },
      { field: 'password', reason: 'Password is required' },
    ]);
    const malformed = await call(t.app, 'POST', 'operator/auth/login', {
      email: 'not-an-email',
      password: 42,
    });
    expect(malformed.status).toBe(422);
    expect(malformed.body.message[0].validation_results).toEqual([
      { field: 'email', reason: 'Enter valid Email id.' },
      { field: 'password', reason: 'Password is required' },
    ]);
  });

  it('throttles an address after five failures for an email, known or not, without locking the operator out elsewhere', async () => {
    for (const email of [EMAIL, 'ghost@ops.example.com']) {
      const attacker = email === EMAIL ? '10.9.9.9' : '10.9.9.8';
      for (let i = 0; i < 5; i++) {
        const failed = await call(
          t.app,
          'POST',
          'operator/auth/login',
          { email, password: `guess ${i}` },
          { ip: attacker },
        );
        expect(failed.status).toBe(401);
      }
      const blocked = await call(
        t.app,
        'POST',
        'operator/auth/login',
        { email, password: OPERATOR_PASSWORD },
        { ip: attacker },
      );
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toBe('RATE_LIMITED');
      expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
    }
    const elsewhere = await call(
      t.app,
      'POST',
      'operator/auth/login',
      { email: EMAIL, password: OPERATOR_PASSWORD },
      { ip: '10.2.2.2' },
    );
    expect(elsewhere.status).toBe(200);
    // Operator failures count under their own keys: the member sign-in is not throttled.
    const member = await call(
      t.app,
      'POST',
      'auth/login',
      { loginId: 'ZZZZ9999', password: 'whatever' },
      { ip: '10.9.9.9' },
    );
    expect(member.status).toBe(401);
  });

  it('refuses a disabled operator with the same answer', async () => {
    const email = 'leaver@ops.example.com';
    await signInOperator(t, email, 'support');
    await t.ctx.database.db
      .update(operators)
      .set({ status: 'disabled' })
      .where(eq(operators.email, email));
    const response = await call(t.app, 'POST', 'operator/auth/login', {
      email,
      password: OPERATOR_PASSWORD,
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID_BODY);
  });
});

describe('operator sessions', () => {
  it('GET operator/auth/me answers the operator behind the token', async () => {
    const token = await signInOperator(t, EMAIL);
    const me = await call(t.app, 'GET', 'operator/auth/me', undefined, { token });
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual({
      id: expect.any(String),
      email: EMAIL,
      role: 'admin',
      secondFactor: { totp: false, enrolmentRequired: false },
    });
  });

  it('slides while used and ends after 30 idle minutes', async () => {
    const token = await signInOperator(t, EMAIL);
    t.clock.advance(29 * MINUTE_MS);
    expect((await call(t.app, 'GET', 'operator/auth/me', undefined, { token })).status).toBe(200);
    t.clock.advance(29 * MINUTE_MS);
    expect((await call(t.app, 'GET', 'operator/auth/me', undefined, { token })).status).toBe(200);
    t.clock.advance(30 * MINUTE_MS);
    const expired = await call(t.app, 'GET', 'operator/auth/me', undefined, { token });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual(UNAUTHORIZED_BODY);
  });

  it('ends at 12 hours even while in use', async () => {
    const token = await signInOperator(t, EMAIL);
    for (let i = 0; i < 24; i++) {
      t.clock.advance(29 * MINUTE_MS);
      await call(t.app, 'GET', 'operator/auth/me', undefined, { token });
    }
    // 24 × 29 min = 11 h 36 min: still valid; 25 more minutes passes 12 hours.
    t.clock.advance(25 * MINUTE_MS);
    expect((await call(t.app, 'GET', 'operator/auth/me', undefined, { token })).status).toBe(401);
  });

  it('POST operator/auth/logout ends the session; the token then answers 401', async () => {
    const token = await signInOperator(t, EMAIL);
    const out = await call(t.app, 'POST', 'operator/auth/logout', undefined, { token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ status: 'success', message: 'Signed out', data: null });
    const after = await call(t.app, 'GET', 'operator/auth/me', undefined, { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual(UNAUTHORIZED_BODY);
    const again = await call(t.app, 'POST', 'operator/auth/logout', undefined, { token });
    expect(again.status).toBe(401);
  });
});
