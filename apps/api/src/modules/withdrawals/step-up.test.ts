import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { STEP_UP_REQUIRED } from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { at, usd } from '../../testing/members.ts';
import {
  BSC_ADDRESS,
  requestCode,
  withdrawalCode,
  withAuthenticator,
  withdrawer,
  withPassword,
  WITHDRAWAL_TEST_ENV,
} from './test-support.ts';

// Step-up (decision 0047): with the authenticator on, a withdrawal, a payout address change and
// a password change each need a second factor proved by the session in the last 5 minutes, on
// top of their own rules. Each is called without, then with, a fresh factor.

const PASSWORD = 'step-up-pass-2026';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: WITHDRAWAL_TEST_ENV });
});
afterAll(() => t.close());

/** A member ready to withdraw with the authenticator on, and a session signed in by password. */
async function protectedMember() {
  const memberId = await withdrawer(t, { profit: usd('300') });
  await withPassword(t, memberId, PASSWORD);
  return { memberId, ...(await withAuthenticator(t, memberId, PASSWORD)) };
}

const expectStepUp = (answer: { status: number; body: Record<string, any> }) => {
  expect(answer.status).toBe(403);
  expect(answer.body).toMatchObject({ error: 'STEP_UP_REQUIRED', message: STEP_UP_REQUIRED });
};

describe('step-up before money and security changes', () => {
  it('a withdrawal: refused without a fresh factor, then the same request goes through', async () => {
    t.clock.set(new Date(at(0).getTime() + 10_000));
    const { memberId, token, code } = await protectedMember();
    const otp = await withdrawalCode(t, memberId, 'profit', '100');
    const body = { wallet: 'profit', amount: '100', otp };
    const headers = { 'idempotency-key': 'step-up-withdrawal-1' };
    expectStepUp(await call(t.app, 'POST', 'safe/withdrawal', body, { token, headers }));
    const verified = await call(
      t.app,
      'POST',
      'auth/second-factor/verify',
      { code: code() },
      { token },
    );
    expect(verified.status).toBe(200);
    // The refusal claimed neither the key nor the emailed code: the same request now passes.
    const done = await call(t.app, 'POST', 'safe/withdrawal', body, { token, headers });
    expect(done.status).toBe(200);
  });

  it('a payout address change and a password change, and the 5 minutes it lasts', async () => {
    t.clock.set(new Date(at(1).getTime() + 10_000));
    const { memberId, token, code } = await protectedMember();
    const otp = await requestCode(t, memberId, { purpose: 'payout-address', address: BSC_ADDRESS });
    const address = { address: BSC_ADDRESS, otp };
    expectStepUp(await call(t.app, 'PUT', 'auth/update-address', address, { token }));
    const wrong = await call(
      t.app,
      'POST',
      'auth/second-factor/verify',
      { code: '000000' },
      { token },
    );
    expect(wrong.status).toBe(422);
    expectStepUp(await call(t.app, 'PUT', 'auth/update-address', address, { token }));
    await call(t.app, 'POST', 'auth/second-factor/verify', { code: code() }, { token });
    expect((await call(t.app, 'PUT', 'auth/update-address', address, { token })).status).toBe(200);

    const change = {
      currentPassword: PASSWORD,
      newPassword: 'step-up-pass-2027',
      confirmPassword: 'step-up-pass-2027',
    };
    t.clock.advance(5 * 60_000 + 1_000);
    expectStepUp(await call(t.app, 'POST', 'auth/change-password', change, { token }));
    await call(t.app, 'POST', 'auth/second-factor/verify', { code: code() }, { token });
    expect((await call(t.app, 'POST', 'auth/change-password', change, { token })).status).toBe(200);
  });

  it('counts a sign-in through the second step as fresh', async () => {
    t.clock.set(new Date(at(2).getTime() + 10_000));
    const { memberId, code } = await protectedMember();
    const [row] = await queryRows<{ referral_code: string }>(
      t.ctx.database.db,
      sql`select referral_code from members where id = ${memberId}`,
    );
    const login = await call(t.app, 'POST', 'auth/login', {
      loginId: row!.referral_code,
      password: PASSWORD,
    });
    const signedIn = await call(t.app, 'POST', 'auth/login/second-factor', {
      challenge: login.body.data.challenge,
      code: code(),
    });
    const token = signedIn.body.data.access_token as string;
    const change = {
      currentPassword: PASSWORD,
      newPassword: 'step-up-pass-2028',
      confirmPassword: 'step-up-pass-2028',
    };
    expect((await call(t.app, 'POST', 'auth/change-password', change, { token })).status).toBe(200);
  });
});
