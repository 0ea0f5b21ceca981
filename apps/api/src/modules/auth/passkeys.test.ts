import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PASSKEY_NOT_ACCEPTED, RECOVERY_CODE_COUNT } from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { call, signUp, type SignedUp } from '../../testing/requests.ts';
import { SoftAuthenticator } from '../../testing/soft-authenticator.ts';
import { signInOperator } from '../../testing/operators.ts';
import {
  createRootMember,
  createTestApp,
  TEST_START,
  type TestApp,
} from '../../testing/test-app.ts';
import { securityNotices } from './test-support.ts';

// Passkeys (decision 0048), through the API on a real database, answered by a software
// authenticator that signs like a real one: adding, the second step, sign-in by passkey alone,
// step-up, removal, and what is refused.

const ROOT = 'RTPK2345';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createRootMember(t.ctx.database, ROOT);
});
afterAll(() => t.close());

const relyingParty = () => {
  const config = t.ctx.config.webauthn;
  if (!config) throw new Error('the test app serves passkeys under its domain name');
  return config;
};

const at = (minutes: number) => t.clock.set(new Date(TEST_START.getTime() + minutes * MINUTE_MS));

const signIn = (member: SignedUp, ip = '10.70.0.1') =>
  call(t.app, 'POST', 'auth/login', { loginId: member.code, password: member.password }, { ip });

async function memberIdOf(member: SignedUp): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.ctx.database.db,
    sql`select id from members where referral_code = ${member.code}`,
  );
  return row!.id;
}

/** Adds a passkey from `device` to the signed-in member; answers the API's reply. */
async function addPasskey(
  token: string,
  password: string,
  device: SoftAuthenticator,
  name: string,
) {
  const options = await call(t.app, 'POST', 'auth/passkeys/options', { password }, { token });
  expect(options.status).toBe(200);
  const response = device.create(options.body.data.options);
  return call(t.app, 'POST', 'auth/passkeys', { name, response }, { token });
}

/** A member with one passkey on `device`, signed in by password before it was added. */
async function withPasskey(): Promise<{
  member: SignedUp;
  token: string;
  device: SoftAuthenticator;
  recovery: string[];
}> {
  const member = await signUp(t.app, t.smtp, ROOT);
  const device = new SoftAuthenticator(relyingParty());
  const added = await addPasskey(member.token, member.password, device, 'My phone');
  expect(added.status).toBe(200);
  return { member, token: member.token, device, recovery: added.body.data.recoveryCodes };
}

/** Proves the factor for the session with the device's passkey. */
async function stepUpWith(token: string, device: SoftAuthenticator) {
  const options = await call(t.app, 'POST', 'auth/second-factor/passkey-options', undefined, {
    token,
  });
  const verified = await call(
    t.app,
    'POST',
    'auth/second-factor/verify-passkey',
    { response: device.get(options.body.data.options) },
    { token },
  );
  expect(verified.status).toBe(200);
}

/** The password step, then the passkey's answer to the second step's options. */
async function signInWithSecondStep(member: SignedUp, device: SoftAuthenticator) {
  const first = await signIn(member);
  expect(first.status).toBe(401);
  expect(first.body.data.methods).toEqual(['passkey', 'recovery-code']);
  const challenge = first.body.data.challenge as string;
  const options = await call(t.app, 'POST', 'auth/login/second-factor/passkey-options', {
    challenge,
  });
  expect(options.status).toBe(200);
  const response = device.get(options.body.data.options);
  const answer = await call(t.app, 'POST', 'auth/login/second-factor/passkey', {
    challenge,
    response,
  });
  return { answer, challenge, response };
}

describe('adding a passkey', () => {
  it('asks for the password, keeps the passkey, gives recovery codes once, tells the member and holds withdrawals', async () => {
    at(0);
    const member = await signUp(t.app, t.smtp, ROOT);
    const wrong = await call(
      t.app,
      'POST',
      'auth/passkeys/options',
      { password: 'not-the-password' },
      { token: member.token },
    );
    expect(wrong.status).toBe(422);
    expect(JSON.stringify(wrong.body)).toContain('password');

    const device = new SoftAuthenticator(relyingParty());
    const added = await addPasskey(member.token, member.password, device, 'My phone');
    expect(added.status).toBe(200);
    expect(added.body.data.passkey).toMatchObject({
      name: 'My phone',
      lastUsedAt: null,
      backedUp: true,
    });
    expect(added.body.data.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await securityNotices(t, member.code)).at(-1)?.message).toMatch(
      /passkey named "My phone" was added.*Withdrawals are paused until/s,
    );

    // With a factor on, another passkey needs step-up first; it brings no new codes.
    const laptop = new SoftAuthenticator(relyingParty());
    const unproved = await call(
      t.app,
      'POST',
      'auth/passkeys/options',
      { password: member.password },
      { token: member.token },
    );
    expect(unproved.body.error).toBe('STEP_UP_REQUIRED');
    await stepUpWith(member.token, device);
    t.clock.advance(1_000);
    const second = await addPasskey(member.token, member.password, laptop, 'Laptop');
    expect(second.status).toBe(200);
    expect(second.body.data.recoveryCodes).toBeNull();

    const list = await call(t.app, 'GET', 'auth/passkeys', undefined, { token: member.token });
    expect(list.body.data.passkeys.map((p: { name: string }) => p.name)).toEqual([
      'My phone',
      'Laptop',
    ]);
    expect(list.body.data.passkeySignIn).toBe(false);
    const status = await call(t.app, 'GET', 'auth/second-factor', undefined, {
      token: member.token,
    });
    expect(status.body.data).toMatchObject({ totp: false, passkeys: 2, recoveryCodesLeft: 10 });
  });

  it('refuses an answer replayed, made for another site, or to options never given', async () => {
    at(10);
    const member = await signUp(t.app, t.smtp, ROOT);
    const device = new SoftAuthenticator(relyingParty());
    const token = member.token;
    const options = await call(
      t.app,
      'POST',
      'auth/passkeys/options',
      { password: member.password },
      { token },
    );
    const elsewhere = device.create(options.body.data.options, 'https://phishing.example');
    const refused = await call(
      t.app,
      'POST',
      'auth/passkeys',
      { name: 'Phone', response: elsewhere },
      { token },
    );
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain(PASSKEY_NOT_ACCEPTED);
    // The options were used by that answer: the right one is refused too.
    const late = device.create(options.body.data.options);
    const reused = await call(
      t.app,
      'POST',
      'auth/passkeys',
      { name: 'Phone', response: late },
      { token },
    );
    expect(reused.status).toBe(422);

    const invented = device.create({ challenge: 'bm90LWlzc3VlZA', user: { id: 'dXNlcg' } });
    const unknown = await call(
      t.app,
      'POST',
      'auth/passkeys',
      { name: 'Phone', response: invented },
      { token },
    );
    expect(unknown.status).toBe(422);
    const garbage = await call(
      t.app,
      'POST',
      'auth/passkeys',
      { name: 'Phone', response: { id: 1 } },
      { token },
    );
    expect(garbage.status).toBe(422);
    const list = await call(t.app, 'GET', 'auth/passkeys', undefined, { token });
    expect(list.body.data.passkeys).toEqual([]);
  });
});

describe('signing in with a passkey as the second step', () => {
  it('signs in once per answer, records the method and keeps the last use', async () => {
    at(20);
    const { member, device } = await withPasskey();
    const { answer, challenge, response } = await signInWithSecondStep(member, device);
    expect(answer.status).toBe(200);
    expect(answer.body.data.access_token).toEqual(expect.any(String));
    const replay = await call(t.app, 'POST', 'auth/login/second-factor/passkey', {
      challenge,
      response,
    });
    expect(replay.status).toBe(401);

    const token = answer.body.data.access_token as string;
    const history = await call(t.app, 'GET', 'auth/sign-in-history', undefined, { token });
    expect(history.body.data.attempts[0]).toMatchObject({ method: 'passkey', result: 'success' });
    const list = await call(t.app, 'GET', 'auth/passkeys', undefined, { token });
    expect(list.body.data.passkeys[0].lastUsedAt).toBe(t.clock.now().toISOString());
  });

  it('refuses a forged signature and a cloned authenticator, counting each like a wrong code', async () => {
    at(30);
    const { member, device } = await withPasskey();
    const first = await signIn(member);
    const challenge = first.body.data.challenge as string;
    const options = await call(t.app, 'POST', 'auth/login/second-factor/passkey-options', {
      challenge,
    });
    const response = device.get(options.body.data.options) as { response: { signature: string } };
    const forged = {
      ...response,
      response: { ...response.response, signature: Buffer.from('forged').toString('base64url') },
    };
    const refused = await call(t.app, 'POST', 'auth/login/second-factor/passkey', {
      challenge,
      response: forged,
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain(PASSKEY_NOT_ACCEPTED);

    // A copy of the key whose counter lags the real one's: the server has seen a higher count.
    const signedIn = await signInWithSecondStep(member, device);
    expect(signedIn.answer.status).toBe(200);
    device.passkeys[0]!.counter = 0;
    const cloned = await signInWithSecondStep(member, device);
    expect(cloned.answer.status).toBe(422);

    const token = signedIn.answer.body.data.access_token as string;
    const history = await call(t.app, 'GET', 'auth/sign-in-history', undefined, { token });
    expect(history.body.data.attempts.map((a: { failure: string | null }) => a.failure)).toEqual([
      'wrong-passkey',
      null,
      'wrong-passkey',
      null, // the password sign-in at sign-up, before the passkey existed
    ]);
  });

  it("will not take another member's passkey for the second step", async () => {
    at(40);
    const alice = await withPasskey();
    const bob = await withPasskey();
    const first = await signIn(bob.member);
    const challenge = first.body.data.challenge as string;
    const options = await call(t.app, 'POST', 'auth/login/second-factor/passkey-options', {
      challenge,
    });
    const answer = await call(t.app, 'POST', 'auth/login/second-factor/passkey', {
      challenge,
      response: alice.device.get(options.body.data.options),
    });
    expect(answer.status).toBe(422);
  });
});

describe('signing in with a passkey alone', () => {
  it('works only where the member allowed it, with the person verified, and reads the same whatever failed', async () => {
    at(50);
    const { member, device } = await withPasskey();
    const alone = async (authenticator = device) => {
      const options = await call(t.app, 'POST', 'auth/passkey-sign-in/options');
      expect(options.status).toBe(200);
      expect(options.body.data.options.userVerification).toBe('required');
      return call(t.app, 'POST', 'auth/passkey-sign-in', {
        response: authenticator.get(options.body.data.options, authenticator.passkeys[0]),
      });
    };
    const notAllowed = await alone();
    expect(notAllowed.status).toBe(422);

    // Turning it on is a security change: step-up first (a session signed in by passkey is fresh).
    const { answer } = await signInWithSecondStep(member, device);
    const token = answer.body.data.access_token as string;
    t.clock.advance(1_000);
    const on = await call(t.app, 'PUT', 'auth/passkeys/sign-in', { enabled: true }, { token });
    expect(on.status).toBe(200);
    expect((await securityNotices(t, member.code)).at(-1)?.message).toMatch(/sign in on their own/);

    const signedIn = await alone();
    expect(signedIn.status).toBe(200);
    expect(
      signedIn.body.data.user.referral_code ?? signedIn.body.data.user.referralCode,
    ).toBeDefined();

    const unknownDevice = new SoftAuthenticator(relyingParty());
    unknownDevice.create({ challenge: 'eA', user: { id: 'eA' } });
    const unknown = await alone(unknownDevice);
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual(notAllowed.body);

    // Same key, but an authenticator that did not verify the person: not enough alone.
    const noPin = new SoftAuthenticator(relyingParty(), false);
    noPin.passkeys.push(device.passkeys[0]!);
    const unverified = await alone(noPin);
    expect(unverified.status).toBe(422);
  });
});

describe('step-up and removal', () => {
  it('proves the factor for the session with a passkey, and removing the last one ends the factor', async () => {
    at(60);
    const { member, token, device } = await withPasskey();
    // The session signed in by password before the passkey existed: not fresh.
    const list = await call(t.app, 'GET', 'auth/passkeys', undefined, { token });
    const id = list.body.data.passkeys[0].id as string;
    const refused = await call(t.app, 'DELETE', `auth/passkeys/${id}`, undefined, { token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('STEP_UP_REQUIRED');
    expect(refused.body.data.methods).toEqual(['passkey', 'recovery-code']);

    await stepUpWith(token, device);
    const removed = await call(t.app, 'DELETE', `auth/passkeys/${id}`, undefined, { token });
    expect(removed.status).toBe(200);
    const status = await call(t.app, 'GET', 'auth/second-factor', undefined, { token });
    expect(status.body.data).toMatchObject({ totp: false, passkeys: 0, recoveryCodesLeft: 0 });
    expect((await signIn(member)).status).toBe(200);
  });

  it("answers 404 for another member's passkey, or an id that is not one", async () => {
    at(70);
    const alice = await withPasskey();
    const bob = await withPasskey();
    const [aliceKey] = (
      await call(t.app, 'GET', 'auth/passkeys', undefined, { token: alice.token })
    ).body.data.passkeys;
    const renamed = await call(
      t.app,
      'PATCH',
      `auth/passkeys/${aliceKey.id}`,
      { name: 'Mine' },
      { token: bob.token },
    );
    expect(renamed.status).toBe(404);
    const notAnId = await call(
      t.app,
      'PATCH',
      'auth/passkeys/abc',
      { name: 'Mine' },
      { token: bob.token },
    );
    expect(notAnId.status).toBe(404);
    const own = await call(
      t.app,
      'PATCH',
      `auth/passkeys/${aliceKey.id}`,
      { name: 'Work phone' },
      { token: alice.token },
    );
    expect(own.status).toBe(200);
    expect(own.body.data.name).toBe('Work phone');
    const empty = await call(
      t.app,
      'PATCH',
      `auth/passkeys/${aliceKey.id}`,
      { name: ' ' },
      { token: alice.token },
    );
    expect(empty.status).toBe(422);
  });

  it("an admin's reset removes the member's passkeys, which the console lists", async () => {
    at(80);
    const { member } = await withPasskey();
    const memberId = await memberIdOf(member);
    const admin = await signInOperator(t, 'passkey-admin@example.com');
    const seen = await call(t.app, 'GET', `operator/members/${memberId}/passkeys`, undefined, {
      token: admin,
    });
    expect(seen.status).toBe(200);
    expect(seen.body.data.passkeys.map((p: { name: string }) => p.name)).toEqual(['My phone']);
    const reset = await call(
      t.app,
      'POST',
      `operator/members/${memberId}/second-factor/reset`,
      { reason: 'Lost phone; identity checked on a call' },
      { token: admin },
    );
    expect(reset.status).toBe(200);
    expect((await signIn(member)).status).toBe(200);
    const after = await call(t.app, 'GET', `operator/members/${memberId}/passkeys`, undefined, {
      token: admin,
    });
    expect(after.body.data.passkeys).toEqual([]);
  });
});
