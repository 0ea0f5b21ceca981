import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CURRENT_PASSWORD_WRONG,
  OPERATOR_SECOND_FACTOR_RESET_SELF,
  OPERATOR_SIGN_IN_EXPIRED,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_CODE_WRONG,
  SECOND_FACTOR_ENROLMENT_REQUIRED,
  SECOND_FACTOR_OFF,
} from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { call } from '../../testing/requests.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { OPERATOR_PASSWORD, signInOperator } from '../../testing/operators.ts';
import * as factor from '../../testing/operator-second-factor.ts';

// Operators' own second factor (decision 0049), through the API on a real database: enrolment,
// the two-step sign-in, recovery codes and an admin's reset. Where it is required:
// required-second-factor.test.ts; the step-up before paying, approving and publishing: the
// operator-step-up suites of withdrawals, adjustments and plan.

let t: TestApp;
beforeAll(async () => {
  t = await factor.appForCodes();
});
afterAll(() => t.close());

const as = (token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  call(t.app, method, `operator/${url}`, body, { token });

const auditOf = (action: string, targetId: string) =>
  queryRows<{ actor: string; detail: Record<string, unknown> | null }>(
    t.ctx.database.db,
    sql`select o.email as actor, a.detail from audit_log a join operators o on o.id = a.operator_id
        where a.action = ${action} and a.target_id = ${targetId} order by a.id`,
  );

/** A signed-in operator with the authenticator on: its id, token, secret and recovery codes. */
async function enrolled(email: string, role: 'admin' | 'finance' | 'support' = 'admin') {
  const token = await signInOperator(t, email, role);
  const { secret, recovery } = await factor.enrolOperator(t, token);
  const me = await as(token, 'GET', 'auth/me');
  return { id: me.body.data.id as string, token, secret, recovery };
}

describe('setting up the authenticator app', () => {
  it('asks for the password, shows a sealed secret once, and turns on with a first code', async () => {
    const email = 'enrol@ops.example.com';
    const token = await signInOperator(t, email);
    expect((await as(token, 'GET', 'auth/second-factor')).body.data).toEqual({
      totp: false,
      recoveryCodesLeft: 0,
      enabledAt: null,
      required: false,
    });

    const wrongPassword = await as(token, 'POST', 'auth/second-factor/totp/setup', {
      password: 'not the password',
    });
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.body.message[0].validation_results).toEqual([
      { field: 'password', reason: CURRENT_PASSWORD_WRONG },
    ]);

    const setup = await as(token, 'POST', 'auth/second-factor/totp/setup', {
      password: OPERATOR_PASSWORD,
    });
    expect(setup.status).toBe(200);
    const { secret, uri, qrSvg } = setup.body.data as {
      secret: string;
      uri: string;
      qrSvg: string;
    };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(decodeURIComponent(uri)).toContain(email);
    expect(decodeURIComponent(uri)).toContain('console');
    expect(qrSvg).toMatch(/^<svg/);
    const [row] = await queryRows<{ secret_sealed: string; confirmed_at: Date | null }>(
      t.ctx.database.db,
      sql`select t.secret_sealed, t.confirmed_at from operator_totp t
          join operators o on o.id = t.operator_id where o.email = ${email}`,
    );
    expect(row?.secret_sealed).toMatch(/^v1\./);
    expect(row?.secret_sealed).not.toContain(secret);
    expect(row?.confirmed_at).toBeNull();

    const wrongCode = await as(token, 'POST', 'auth/second-factor/totp/confirm', {
      code: factor.codeAt(secret, new Date(t.clock.now().getTime() - 10 * MINUTE_MS)),
    });
    expect(wrongCode.status).toBe(422);
    expect(wrongCode.body.message[0].validation_results).toEqual([
      { field: 'code', reason: SECOND_FACTOR_CODE_WRONG },
    ]);

    const confirm = await as(token, 'POST', 'auth/second-factor/totp/confirm', {
      code: factor.nextCode(t, secret),
    });
    expect(confirm.status).toBe(200);
    const codes = confirm.body.data.recoveryCodes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect((await as(token, 'GET', 'auth/second-factor')).body.data).toMatchObject({
      totp: true,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
      enabledAt: t.clock.now().toISOString(),
    });
    expect((await as(token, 'GET', 'auth/me')).body.data.secondFactor).toEqual({
      totp: true,
      enrolmentRequired: false,
    });
    const again = await as(token, 'POST', 'auth/second-factor/totp/setup', {
      password: OPERATOR_PASSWORD,
    });
    expect(again.status).toBe(409);
    const me = await as(token, 'GET', 'auth/me');
    expect(await auditOf('operator.second_factor_on', me.body.data.id as string)).toEqual([
      { actor: email, detail: null },
    ]);
  });
});

describe('signing in with the authenticator on', () => {
  it('takes the password, then a code; the same code is refused the second time', async () => {
    const email = 'two-step@ops.example.com';
    const { id, secret } = await enrolled(email);

    const password = await call(t.app, 'POST', 'operator/auth/login', {
      email,
      password: OPERATOR_PASSWORD,
    });
    expect(password.status).toBe(401);
    expect(password.body.error).toBe('SECOND_FACTOR_REQUIRED');
    expect(password.body.data).toEqual({
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      methods: ['totp', 'recovery-code'],
      expiresAt: new Date(t.clock.now().getTime() + 5 * MINUTE_MS).toISOString(),
    });
    expect(password.body.data).not.toHaveProperty('access_token');

    const code = factor.nextCode(t, secret);
    const signedIn = await factor.operatorSecondStep(
      t,
      password.body.data.challenge as string,
      code,
    );
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.operator).toEqual({ id, email, role: 'admin' });
    const token = signedIn.body.data.access_token as string;
    expect((await as(token, 'GET', 'auth/me')).status).toBe(200);

    // The same code again, within its window, on a new challenge: refused, and no session.
    const replay = await factor.operatorSecondStep(
      t,
      await factor.operatorChallenge(t, email),
      code,
    );
    expect(replay.status).toBe(422);
    expect(replay.body.message[0].validation_results).toEqual([
      { field: 'code', reason: SECOND_FACTOR_CODE_WRONG },
    ]);
    // Nor does a member's sign-in step take an operator's challenge.
    const memberStep = await call(t.app, 'POST', 'auth/login/second-factor', {
      challenge: await factor.operatorChallenge(t, email),
      code: factor.nextCode(t, secret),
    });
    expect(memberStep.status).toBe(401);

    const logins = await auditOf('auth.login', id);
    expect(logins.at(-1)?.detail).toMatchObject({ method: 'totp' });
  });

  it('takes a recovery code once, in any spelling', async () => {
    const email = 'recovery@ops.example.com';
    const { id, token, recovery } = await enrolled(email);
    const code = recovery[0] ?? '';
    const first = await factor.operatorSecondStep(
      t,
      await factor.operatorChallenge(t, email),
      code.toLowerCase().replace('-', ' '),
    );
    expect(first.status).toBe(200);
    const again = await factor.operatorSecondStep(
      t,
      await factor.operatorChallenge(t, email),
      code,
    );
    expect(again.status).toBe(422);
    expect((await as(token, 'GET', 'auth/second-factor')).body.data.recoveryCodesLeft).toBe(
      RECOVERY_CODE_COUNT - 1,
    );
    expect((await auditOf('auth.login', id)).at(-1)?.detail).toMatchObject({
      method: 'recovery-code',
    });
  });

  it('counts wrong codes against the sign-in throttle of that address', async () => {
    const email = 'guessed@ops.example.com';
    const { secret } = await enrolled(email);
    const ip = '10.70.0.1';
    const challenge = await factor.operatorChallenge(t, email, ip);
    for (let i = 0; i < 5; i++) {
      const wrong = await factor.operatorSecondStep(t, challenge, '000000', ip);
      expect(wrong.status).toBe(422);
    }
    // The challenge took its five codes and ended.
    const ended = await factor.operatorSecondStep(t, challenge, factor.nextCode(t, secret), ip);
    expect(ended.status).toBe(401);
    expect(ended.body.message).toBe(OPERATOR_SIGN_IN_EXPIRED);
    // The five wrong codes spent the address's tries at this account, as wrong passwords do.
    const throttled = await call(
      t.app,
      'POST',
      'operator/auth/login',
      { email, password: OPERATOR_PASSWORD },
      { ip },
    );
    expect(throttled.status).toBe(429);
    // From another address the operator still signs in.
    const elsewhere = await factor.operatorChallenge(t, email, '10.70.0.2');
    const signedIn = await factor.operatorSecondStep(
      t,
      elsewhere,
      factor.nextCode(t, secret),
      '10.70.0.2',
    );
    expect(signedIn.status).toBe(200);
  });

  it('makes new recovery codes for a current code; the old ones stop working', async () => {
    const email = 'new-codes@ops.example.com';
    const { token, secret, recovery } = await enrolled(email);
    const wrong = await as(token, 'POST', 'auth/second-factor/recovery-codes', { code: '000000' });
    expect(wrong.status).toBe(422);
    const renewed = await as(token, 'POST', 'auth/second-factor/recovery-codes', {
      code: factor.nextCode(t, secret),
    });
    expect(renewed.status).toBe(200);
    const fresh = renewed.body.data.recoveryCodes as string[];
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh).not.toContain(recovery[0]);
    const old = await factor.operatorSecondStep(
      t,
      await factor.operatorChallenge(t, email),
      recovery[0] ?? '',
    );
    expect(old.status).toBe(422);
    const current = await factor.operatorSecondStep(
      t,
      await factor.operatorChallenge(t, email),
      fresh[0] ?? '',
    );
    expect(current.status).toBe(200);
  });
});

describe("an admin's reset of another operator's factor", () => {
  it('turns it off with a reason, audited; ends their sessions and tells them by email', async () => {
    const admin = await signInOperator(t, 'reset-admin@ops.example.com', 'admin');
    const email = 'lost-phone@ops.example.com';
    const target = await enrolled(email, 'finance');
    const since = t.smtp.mails.length;

    const noReason = await as(admin, 'POST', `operators/${target.id}/second-factor/reset`, {});
    expect(noReason.status).toBe(422);
    const reset = await as(admin, 'POST', `operators/${target.id}/second-factor/reset`, {
      reason: 'Lost phone; identity checked on a video call',
    });
    expect(reset.status).toBe(200);

    expect(await auditOf('operator.reset_second_factor', target.id)).toEqual([
      {
        actor: 'reset-admin@ops.example.com',
        detail: { email, reason: 'Lost phone; identity checked on a video call', role: 'admin' },
      },
    ]);
    const mail = await t.smtp.waitFor(
      (received) => t.smtp.mails.indexOf(received) >= since && received.to.includes(email),
    );
    expect(mail.subject).toBe('Your console two-factor authentication was reset');
    expect(mail.text).toContain('reset-admin@ops.example.com');
    // Their session ended; the password alone signs them in again, and the factor is off.
    expect((await as(target.token, 'GET', 'auth/me')).status).toBe(401);
    const token = await signInOperator(t, email, 'finance');
    expect((await as(token, 'GET', 'auth/second-factor')).body.data).toMatchObject({
      totp: false,
      recoveryCodesLeft: 0,
    });
    const list = await as(admin, 'GET', 'operators');
    expect(list.body.data).toContainEqual(expect.objectContaining({ email, secondFactor: false }));

    const again = await as(admin, 'POST', `operators/${target.id}/second-factor/reset`, {
      reason: 'Twice',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SECOND_FACTOR_OFF);
  });

  it("refuses one's own factor, and every role but admin", async () => {
    const admin = await enrolled('self-reset@ops.example.com', 'admin');
    const own = await as(admin.token, 'POST', `operators/${admin.id}/second-factor/reset`, {
      reason: 'My own',
    });
    expect(own.status).toBe(409);
    expect(own.body.message).toBe(OPERATOR_SECOND_FACTOR_RESET_SELF);
    const finance = await signInOperator(t, 'reset-finance@ops.example.com', 'finance');
    const refused = await as(finance, 'POST', `operators/${admin.id}/second-factor/reset`, {
      reason: 'Not mine to reset',
    });
    expect(refused.status).toBe(403);
    expect((await as(admin.token, 'GET', 'auth/second-factor')).body.data.totp).toBe(true);
    expect(await auditOf('operator.reset_second_factor', admin.id)).toEqual([]);
  });
});

describe('the sign-in of an operator who set up nothing', () => {
  it('is unchanged: the password opens a session', async () => {
    const token = await signInOperator(t, 'password-only@ops.example.com');
    const me = await as(token, 'GET', 'auth/me');
    expect(me.body.data.secondFactor).toEqual({ totp: false, enrolmentRequired: false });
    const message = SECOND_FACTOR_ENROLMENT_REQUIRED;
    expect((await as(token, 'GET', 'operators')).body.message).not.toBe(message);
  });
});
