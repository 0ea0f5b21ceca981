import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { RECOVERY_CODE_COUNT, SECOND_FACTOR_CODE_WRONG } from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { call, signUp, type SignedUp } from '../../testing/requests.ts';
import {
  createRootMember,
  createTestApp,
  TEST_START,
  type TestApp,
} from '../../testing/test-app.ts';
import { signInOperator } from '../../testing/operators.ts';
import { securityNotices } from './test-support.ts';

// The authenticator app as a second factor (decision 0045), through the API on a real database.

const ROOT = 'RTFA2345';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createRootMember(t.ctx.database, ROOT);
});
afterAll(() => t.close());

/** What the member's authenticator app shows for `secret` at `at`. */
const codeAt = (secret: string, at: Date) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });

/** Mid-way through a 30-second step, so the server's few milliseconds later read the same one. */
const setClock = (minutes: number) =>
  t.clock.set(new Date(TEST_START.getTime() + minutes * MINUTE_MS + 10_000));

const signIn = (member: SignedUp, ip = '10.60.0.1') =>
  call(t.app, 'POST', 'auth/login', { loginId: member.code, password: member.password }, { ip });
const secondStep = (challenge: string, code: string, ip = '10.60.0.1') =>
  call(t.app, 'POST', 'auth/login/second-factor', { challenge, code }, { ip });

/** A member with the authenticator on: its secret and recovery codes. */
async function enrolled(): Promise<{
  member: SignedUp;
  token: string;
  secret: string;
  recovery: string[];
}> {
  const member = await signUp(t.app, t.smtp, ROOT);
  const token = (await signIn(member)).body.data.access_token as string;
  const setup = await call(
    t.app,
    'POST',
    'auth/second-factor/totp/setup',
    { password: member.password },
    { token },
  );
  expect(setup.status).toBe(200);
  const secret = setup.body.data.secret as string;
  const confirm = await call(
    t.app,
    'POST',
    'auth/second-factor/totp/confirm',
    { code: codeAt(secret, t.clock.now()) },
    { token },
  );
  expect(confirm.status).toBe(200);
  return { member, token, secret, recovery: confirm.body.data.recoveryCodes as string[] };
}

async function challengeOf(member: SignedUp, ip?: string): Promise<string> {
  const answer = await signIn(member, ip);
  expect(answer.status).toBe(401);
  expect(answer.body.error).toBe('SECOND_FACTOR_REQUIRED');
  return answer.body.data.challenge as string;
}

describe('turning the authenticator app on', () => {
  it('asks for the password, shows a secret and QR code, and turns on with a first code', async () => {
    setClock(0);
    const member = await signUp(t.app, t.smtp, ROOT);
    const token = (await signIn(member)).body.data.access_token as string;
    const wrongPassword = await call(
      t.app,
      'POST',
      'auth/second-factor/totp/setup',
      { password: 'nope' },
      { token },
    );
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.body.message[0].validation_results[0].field).toBe('password');

    const setup = await call(
      t.app,
      'POST',
      'auth/second-factor/totp/setup',
      { password: member.password },
      { token },
    );
    const { secret, uri, qrSvg } = setup.body.data as {
      secret: string;
      uri: string;
      qrSvg: string;
    };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(qrSvg).toMatch(/^<svg/);
    // Kept sealed: the database holds neither the secret nor anything it could be read from.
    const [row] = await queryRows<{ secret_sealed: string }>(
      t.ctx.database.db,
      sql`select t.secret_sealed from member_totp t join members m on m.id = t.member_id where m.referral_code = ${member.code}`,
    );
    expect(row!.secret_sealed).toMatch(/^v1\./);
    expect(row!.secret_sealed).not.toContain(secret);

    const wrong = await call(
      t.app,
      'POST',
      'auth/second-factor/totp/confirm',
      { code: '000000' },
      { token },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.message[0].validation_results).toEqual([
      { field: 'code', reason: SECOND_FACTOR_CODE_WRONG },
    ]);
    const off = await call(t.app, 'GET', 'auth/second-factor', undefined, { token });
    expect(off.body.data).toEqual({
      totp: false,
      passkeys: 0,
      recoveryCodesLeft: 0,
      enabledAt: null,
    });

    const confirm = await call(
      t.app,
      'POST',
      'auth/second-factor/totp/confirm',
      { code: codeAt(secret, t.clock.now()) },
      { token },
    );
    expect(confirm.status).toBe(200);
    const recovery = confirm.body.data.recoveryCodes as string[];
    expect(recovery).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recovery).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of recovery) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const on = await call(t.app, 'GET', 'auth/second-factor', undefined, { token });
    expect(on.body.data).toMatchObject({ totp: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
    expect((await securityNotices(t, member.code)).at(-1)?.message).toMatch(
      /Two-factor authentication is on/,
    );
    await t.smtp.waitFor(
      (mail) =>
        mail.to.includes(member.email) && mail.subject === 'Two-factor authentication is on',
    );
    // A second enrolment over the first is refused until it is turned off.
    const again = await call(
      t.app,
      'POST',
      'auth/second-factor/totp/setup',
      { password: member.password },
      { token },
    );
    expect(again.status).toBe(409);
  });
});

describe('signing in with the authenticator app', () => {
  it('answers the password with a challenge, not a session, and signs in with a current code', async () => {
    setClock(10);
    const { member, secret } = await enrolled();
    setClock(11);
    const answer = await signIn(member);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({
      status: 'error',
      error: 'SECOND_FACTOR_REQUIRED',
      data: { methods: ['totp', 'recovery-code'] },
    });
    expect(answer.body.data).not.toHaveProperty('access_token');
    const done = await secondStep(answer.body.data.challenge, codeAt(secret, t.clock.now()));
    expect(done.status).toBe(200);
    expect(done.body.data.user.referral_code).toBe(member.code);
    const history = await call(t.app, 'GET', 'auth/sign-in-history', undefined, {
      token: done.body.data.access_token,
    });
    expect(history.body.data.attempts[0]).toMatchObject({ method: 'totp', result: 'success' });
  });

  it('accepts each code once, even inside its 30 seconds', async () => {
    setClock(20);
    const { member, secret } = await enrolled();
    setClock(21);
    const code = codeAt(secret, t.clock.now());
    expect((await secondStep(await challengeOf(member), code)).status).toBe(200);
    const replay = await secondStep(await challengeOf(member), code);
    expect(replay.status).toBe(422);
    expect(replay.body.message[0].validation_results[0].reason).toBe(SECOND_FACTOR_CODE_WRONG);
    // The code of the step before is refused too: the last step used only moves forward.
    const earlier = codeAt(secret, new Date(t.clock.now().getTime() - 30_000));
    expect((await secondStep(await challengeOf(member), earlier)).status).toBe(422);
    setClock(21.5);
    expect(
      (await secondStep(await challengeOf(member), codeAt(secret, t.clock.now()))).status,
    ).toBe(200);
  });

  it('takes each recovery code once, as typed in any case and with or without its hyphen', async () => {
    setClock(30);
    const { member, recovery, token } = await enrolled();
    const typed = recovery[3]!.toLowerCase();
    const first = await secondStep(await challengeOf(member), typed);
    expect(first.status).toBe(200);
    expect(
      (await secondStep(await challengeOf(member), recovery[3]!.replace('-', ''))).status,
    ).toBe(422);
    const status = await call(t.app, 'GET', 'auth/second-factor', undefined, { token });
    expect(status.body.data.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);
  });

  it('counts wrong codes against the sign-in limits, and a challenge against its own', async () => {
    setClock(40);
    const { member, secret } = await enrolled();
    const ip = '10.61.0.1';
    const challenge = await challengeOf(member, ip);
    for (let i = 0; i < 5; i++)
      expect((await secondStep(challenge, `00000${i}`, ip)).status).toBe(422);
    // The challenge took its five: it is over, whatever comes next.
    expect((await secondStep(challenge, codeAt(secret, t.clock.now()), ip)).status).toBe(401);
    // And the account's tries from this address are spent: the right code is refused unchecked.
    const blocked = await signIn(member, ip);
    expect(blocked.status).toBe(429);
    // From another address the member still signs in (with the next step's code: the one the
    // enrolment used is spent).
    setClock(40.5);
    const elsewhere = await secondStep(
      await challengeOf(member, '10.61.0.2'),
      codeAt(secret, t.clock.now()),
      '10.61.0.2',
    );
    expect(elsewhere.status).toBe(200);
  });

  it('lets a challenge answer only for 5 minutes', async () => {
    setClock(50);
    const { member, secret } = await enrolled();
    const challenge = await challengeOf(member);
    setClock(55.5);
    const late = await secondStep(challenge, codeAt(secret, t.clock.now()));
    expect(late.status).toBe(401);
    expect(late.body.error).toBe('UNAUTHORIZED');
  });
});

describe('recovery codes and turning it off', () => {
  it('makes new recovery codes for a current code, and the earlier ones stop working', async () => {
    setClock(60);
    const { member, secret, recovery, token } = await enrolled();
    setClock(61);
    const fresh = await call(
      t.app,
      'POST',
      'auth/second-factor/recovery-codes',
      { code: codeAt(secret, t.clock.now()) },
      { token },
    );
    expect(fresh.status).toBe(200);
    const codes = fresh.body.data.recoveryCodes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await secondStep(await challengeOf(member), recovery[0]!)).status).toBe(422);
    expect((await secondStep(await challengeOf(member), codes[0]!)).status).toBe(200);
  });

  it('turns off with the password and a code, and the password alone signs in again', async () => {
    setClock(70);
    const { member, secret, token } = await enrolled();
    setClock(71);
    const noCode = await call(
      t.app,
      'POST',
      'auth/second-factor/totp/disable',
      { password: member.password, code: '123456' },
      { token },
    );
    expect(noCode.status).toBe(422);
    setClock(71.5);
    const off = await call(
      t.app,
      'POST',
      'auth/second-factor/totp/disable',
      { password: member.password, code: codeAt(secret, t.clock.now()) },
      { token },
    );
    expect(off.status).toBe(200);
    expect((await signIn(member)).status).toBe(200);
    expect((await securityNotices(t, member.code)).at(-1)?.message).toMatch(/turned off/);
  });
});

describe("an admin's reset", () => {
  it('turns the factor off for a reason, audited, tells the member, holds withdrawals; admins only', async () => {
    setClock(80);
    const { member, token } = await enrolled();
    const [row] = await queryRows<{ id: string }>(
      t.ctx.database.db,
      sql`select id from members where referral_code = ${member.code}`,
    );
    const path = `operator/members/${row!.id}/second-factor`;
    const support = await signInOperator(t, 'reset-support@example.com', 'support');
    const status = await call(t.app, 'GET', path, undefined, { token: support });
    expect(status.body.data).toMatchObject({ totp: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
    const refused = await call(
      t.app,
      'POST',
      `${path}/reset`,
      { reason: 'Lost phone' },
      { token: support },
    );
    expect(refused.status).toBe(403);

    // Later than the enrolment, so its notice is the latest (both are stamped by the test clock).
    t.clock.advance(60_000);
    const admin = await signInOperator(t, 'reset-admin@example.com');
    const noReason = await call(t.app, 'POST', `${path}/reset`, { reason: ' ' }, { token: admin });
    expect(noReason.status).toBe(422);
    const reset = await call(
      t.app,
      'POST',
      `${path}/reset`,
      { reason: 'Lost phone; identity checked on a support call' },
      { token: admin },
    );
    expect(reset.status).toBe(200);
    expect((await signIn(member)).status).toBe(200);
    const own = await call(t.app, 'GET', 'auth/withdrawal-hold', undefined, { token });
    expect(own.body.data.heldUntil).not.toBeNull();
    expect((await securityNotices(t, member.code)).at(-1)?.message).toMatch(/Support turned off/);
    const [audit] = await queryRows<{ detail: { reason: string } }>(
      t.ctx.database.db,
      sql`select detail from audit_log where action = 'member.reset_second_factor' and target_id = ${row!.id}`,
    );
    expect(audit?.detail.reason).toBe('Lost phone; identity checked on a support call');
    // Off already: nothing to reset.
    expect(
      (await call(t.app, 'POST', `${path}/reset`, { reason: 'Again' }, { token: admin })).status,
    ).toBe(409);
  });
});

describe('without a sealing key', () => {
  it('refuses to turn the authenticator on (production without SECOND_FACTOR_KEY)', async () => {
    const production = await createTestApp({
      database: t.ctx.database,
      env: { NODE_ENV: 'production' },
    });
    try {
      const member = await signUp(production.app, production.smtp, ROOT);
      const token = (
        await call(production.app, 'POST', 'auth/login', {
          loginId: member.code,
          password: member.password,
        })
      ).body.data.access_token as string;
      const setup = await call(
        production.app,
        'POST',
        'auth/second-factor/totp/setup',
        { password: member.password },
        { token },
      );
      expect(setup.status).toBe(503);
    } finally {
      await production.close();
    }
  });
});
