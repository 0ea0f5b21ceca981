import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EMAILED_SIGN_IN_CODE_SENT, INVALID_CREDENTIALS } from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { HOUR_MS } from '../../lib/clock.ts';
import { solvedProofOfWork } from '../../testing/proof-of-work.ts';
import { call, signUp, type SignedUp } from '../../testing/requests.ts';
import { otpFrom } from '../../testing/smtp-sink.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { turnOnAuthenticator } from '../../testing/member-second-factor.ts';

// Guessing one account's password from many addresses (decision 0050): past 3 failures on an
// account from an address, or 10 on it from anywhere, a sign-in needs a solved proof-of-work;
// past 10 from anywhere, also a second factor, emailed to a member who has none; the member is
// told once. Unknown ids answer exactly as members do.

const ROOT = 'GARD2345';
const WRONG = 'not the password';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { PROOF_OF_WORK_SIGN_IN_FAILURES: '3', SIGN_IN_ACCOUNT_FAILURES: '10' },
  });
  await createRootMember(t.ctx.database, ROOT);
});
afterAll(() => t.close());

const signIn = (loginId: string, password: string, ip: string, proofOfWork?: string) =>
  call(t.app, 'POST', 'auth/login', { loginId, password, proofOfWork }, { ip });
const withProof = async (loginId: string, password: string, ip: string) =>
  signIn(loginId, password, ip, await solvedProofOfWork(t.app));

async function memberIdOf(member: SignedUp): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.ctx.database.db,
    sql`select id from members where referral_code = ${member.code}`,
  );
  return row!.id;
}

const PROOF_REQUIRED = {
  status: 'error',
  error: 'PROOF_OF_WORK_REQUIRED',
  data: { challengeUrl: '/api/v1/auth/proof-of-work', field: 'proofOfWork' },
};

/** Turns the member's authenticator on; its codes at the test clock's time. */
const withAuthenticator = (member: SignedUp) =>
  turnOnAuthenticator(t, member.token, member.password);

/** 40 wrong passwords from 8 addresses, 5 each: 3 without a proof, then with one. */
async function guessFromEightAddresses(loginId: string, prefix: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let address = 1; address <= 8; address++) {
    for (let guess = 0; guess < 5; guess++) {
      const ip = `${prefix}.${address}`;
      const answer = await signIn(loginId, WRONG, ip);
      // Past 3 here (or 10 on the account), the guess is refused unchecked; then it pays.
      statuses.push(
        answer.status === 428 ? (await withProof(loginId, WRONG, ip)).status : answer.status,
      );
    }
  }
  return statuses;
}

describe('sign-in after failures', () => {
  it('asks for a proof-of-work from the 4th try on an account from an address, not before', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const ip = '10.60.0.1';
    for (let i = 0; i < 3; i++) expect((await signIn(member.code, WRONG, ip)).status).toBe(401);
    const refused = await signIn(member.code, member.password, ip);
    expect(refused.status).toBe(428);
    expect(refused.body).toMatchObject(PROOF_REQUIRED);
    // A refusal is not a guess: it counts nothing, and the history says why.
    const [attempt] = await queryRows<{ method: string; failure: string }>(
      t.ctx.database.db,
      sql`select method, failure from sign_in_attempts where member_id = ${await memberIdOf(member)} order by id desc limit 1`,
    );
    expect(attempt).toEqual({ method: 'password', failure: 'proof-of-work-required' });
    // Another address needs none; with a proof, the right password signs in from this one.
    expect((await signIn(member.code, member.password, '10.60.0.2')).status).toBe(200);
    const signedIn = await withProof(member.code, member.password, ip);
    expect(signedIn.status).toBe(200);
    // A success clears the address's count: no proof the next time.
    expect((await signIn(member.code, member.password, ip)).status).toBe(200);
  });

  it('answers an unknown id exactly as a member, before and after the threshold', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const ip = '10.61.0.1';
    for (let i = 0; i < 4; i++) {
      const known = await signIn(member.code, WRONG, ip);
      const unknown = await signIn('NOSUCH999', WRONG, ip);
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
    }
    expect((await signIn('NOSUCH999', WRONG, ip)).status).toBe(428);
    const unknown = await withProof('NOSUCH999', WRONG, ip);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({
      error: 'INVALID_CREDENTIALS',
      message: INVALID_CREDENTIALS,
    });
  });

  it('40 wrong passwords from 8 addresses: the right one from a ninth needs a proof and an emailed code, and the member is told once', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const memberId = await memberIdOf(member);
    const statuses = await guessFromEightAddresses(member.code, '10.62.0');
    // Every guess was checked and wrong (401); none was let through nor locked out.
    expect(new Set(statuses)).toEqual(new Set([401]));

    // A ninth address: no proof, no sign-in, and the password is not even checked.
    const ninth = '10.62.9.9';
    expect((await signIn(member.email, member.password, ninth)).body).toMatchObject(PROOF_REQUIRED);
    // With a proof, the right password is not enough: a code is mailed to the member.
    const mailsBefore = t.smtp.mails.length;
    const secondStep = await withProof(member.email, member.password, ninth);
    expect(secondStep.status).toBe(401);
    expect(secondStep.body).toMatchObject({
      error: 'SECOND_FACTOR_REQUIRED',
      message: EMAILED_SIGN_IN_CODE_SENT,
      data: { methods: ['email-code'] },
    });
    expect(secondStep.body).not.toHaveProperty('data.access_token');
    const codeMail = await t.smtp.waitFor(
      (mail) =>
        t.smtp.mails.indexOf(mail) >= mailsBefore &&
        mail.to.includes(member.email) &&
        /finish signing in/.test(mail.text),
    );
    const code = otpFrom(codeMail);
    const finish = (challenge: string, value: string) =>
      call(t.app, 'POST', 'auth/login/second-factor', { challenge, code: value }, { ip: ninth });
    const challenge = secondStep.body.data.challenge as string;
    expect((await finish(challenge, code === '000000' ? '000001' : '000000')).status).toBe(422);
    const done = await finish(challenge, code);
    expect(done.status).toBe(200);
    expect(done.body.data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The emailed code proved the mailbox, not a factor: no step-up is fresh in this session.
    const [sessions] = await queryRows<{ all: number; proved: number }>(
      t.ctx.database.db,
      sql`select count(*)::int as all, count(second_factor_at)::int as proved from sessions where member_id = ${memberId}`,
    );
    expect(sessions).toEqual({ all: 2, proved: 0 });
    // The code works once.
    const again = await withProof(member.email, member.password, ninth);
    expect(await finish(again.body.data.challenge as string, code)).toMatchObject({ status: 422 });

    const history = await queryRows<{ method: string; result: string; failure: string | null }>(
      t.ctx.database.db,
      sql`select method, result, failure from sign_in_attempts where member_id = ${memberId} and ip = ${ninth} order by id`,
    );
    expect(history).toEqual([
      { method: 'password', result: 'failure', failure: 'proof-of-work-required' },
      { method: 'email-code', result: 'failure', failure: 'wrong-code' },
      { method: 'email-code', result: 'success', failure: null },
      { method: 'email-code', result: 'failure', failure: 'wrong-code' },
    ]);

    // Told once, in the app and by email, not per failure.
    const notices = await queryRows<{ n: number }>(
      t.ctx.database.db,
      sql`select count(*)::int as n from notifications where member_id = ${memberId} and message like 'Many wrong passwords%'`,
    );
    expect(notices[0]?.n).toBe(1);
    expect(
      t.smtp.mails.filter(
        (mail) =>
          mail.to.includes(member.email) && mail.subject === 'Many failed sign-ins on your account',
      ),
    ).toHaveLength(1);

    // An hour later the account's count has passed: the password alone signs in again.
    t.clock.advance(HOUR_MS);
    expect((await signIn(member.code, member.password, '10.62.9.8')).status).toBe(200);
  });

  it('gives a member with the authenticator its own second step, and an unknown id the same refusals', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const { code: totpCode } = await withAuthenticator(member);
    await guessFromEightAddresses(member.code, '10.63.0');
    await guessFromEightAddresses('NOSUCH777', '10.64.0');
    const known = await signIn(member.code, WRONG, '10.63.9.9');
    const unknown = await signIn('NOSUCH777', WRONG, '10.63.9.9');
    expect(known.status).toBe(428);
    expect(unknown.body).toEqual(known.body);

    const mailsBefore = t.smtp.mails.length;
    const step = await withProof(member.code, member.password, '10.63.9.9');
    expect(step.body).toMatchObject({ error: 'SECOND_FACTOR_REQUIRED' });
    expect(step.body.data.methods).toContain('totp');
    expect(step.body.data.methods).not.toContain('email-code');
    const done = await call(
      t.app,
      'POST',
      'auth/login/second-factor',
      { challenge: step.body.data.challenge, code: totpCode() },
      { ip: '10.63.9.9' },
    );
    expect(done.status).toBe(200);
    // No sign-in code was mailed to a member who has the authenticator.
    expect(
      t.smtp.mails.slice(mailsBefore).some((mail) => /finish signing in/.test(mail.text)),
    ).toBe(false);
  });
});
