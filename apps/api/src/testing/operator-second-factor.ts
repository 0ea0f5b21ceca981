// Operators' second factor in tests (decision 0049): enrolment, the two-step sign-in, and what a
// step-up refusal looks like, for the operator suites and those of the actions it guards.
import { expect } from 'vitest';
import * as OTPAuth from 'otpauth';
import { STEP_UP_REQUIRED } from '@app/contracts';
import { MINUTE_MS } from '../lib/clock.ts';
import { call, type Call } from './requests.ts';
import { OPERATOR_PASSWORD, signInOperator } from './operators.ts';
import { createTestApp, TEST_START, type TestApp } from './test-app.ts';

/** A 30-second step of the authenticator app: the next code the tests use is a later step's. */
export const STEP_MS = 30_000;

/**
 * A test app whose clock stands mid-way through a 30-second step, so each request reads the step
 * the test meant, however long it takes.
 */
export async function appForCodes(env?: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp({ env });
  t.clock.set(new Date(TEST_START.getTime() + STEP_MS / 3));
  return t;
}

/** What the operator's authenticator app shows for `secret` at `at`. */
export const codeAt = (secret: string, at: Date) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });

/** The code of the app for the step after the last one used (each code is accepted once). */
export function nextCode(t: TestApp, secret: string): string {
  t.clock.advance(STEP_MS);
  return codeAt(secret, t.clock.now());
}

/** Sets up and turns on the signed-in operator's authenticator app: its secret and recovery codes. */
export async function enrolOperator(
  t: TestApp,
  token: string,
): Promise<{ secret: string; recovery: string[] }> {
  const setup = await call(
    t.app,
    'POST',
    'operator/auth/second-factor/totp/setup',
    { password: OPERATOR_PASSWORD },
    { token },
  );
  if (setup.status !== 200) throw new Error(`setup: ${JSON.stringify(setup.body)}`);
  const secret = setup.body.data.secret as string;
  const confirm = await call(
    t.app,
    'POST',
    'operator/auth/second-factor/totp/confirm',
    { code: nextCode(t, secret) },
    { token },
  );
  if (confirm.status !== 200) throw new Error(`confirm: ${JSON.stringify(confirm.body)}`);
  return { secret, recovery: confirm.body.data.recoveryCodes as string[] };
}

/** The password step of an operator whose factor is on: its challenge. */
export async function operatorChallenge(t: TestApp, email: string, ip = '127.0.0.1') {
  const answer = await call(
    t.app,
    'POST',
    'operator/auth/login',
    { email, password: OPERATOR_PASSWORD },
    { ip },
  );
  if (answer.body.error !== 'SECOND_FACTOR_REQUIRED')
    throw new Error(`password step: ${JSON.stringify(answer.body)}`);
  return answer.body.data.challenge as string;
}

export const operatorSecondStep = (t: TestApp, challenge: string, code: string, ip = '127.0.0.1') =>
  call(t.app, 'POST', 'operator/auth/login/second-factor', { challenge, code }, { ip });

/** Signs an operator whose factor is on in through both steps: a session fresh for step-up. */
export async function signInWithFactor(t: TestApp, email: string, secret: string): Promise<string> {
  const challenge = await operatorChallenge(t, email);
  const answer = await operatorSecondStep(t, challenge, nextCode(t, secret));
  if (answer.status !== 200) throw new Error(`second step: ${JSON.stringify(answer.body)}`);
  return answer.body.data.access_token as string;
}

/** An operator with the authenticator on, signed in with the password and a code (fresh). */
export async function operatorWithFactor(
  t: TestApp,
  email: string,
  role: 'admin' | 'finance',
): Promise<{ token: string; secret: string }> {
  const { secret } = await enrolOperator(t, await signInOperator(t, email, role));
  return { secret, token: await signInWithFactor(t, email, secret) };
}

/** Six minutes on: a factor proved before no longer counts for step-up; the session lives on. */
export const staleFactor = (t: TestApp) => t.clock.advance(6 * MINUTE_MS);

/** The 403 of an operator action that needs the factor proved again. */
export function expectStepUp(answer: Call): void {
  expect(answer.status).toBe(403);
  expect(answer.body).toEqual({
    status: 'error',
    message: STEP_UP_REQUIRED,
    error: 'STEP_UP_REQUIRED',
    data: { methods: ['totp', 'recovery-code'] },
  });
}

/** POST operator/auth/second-factor/verify with the next code of the app. */
export const proveFactor = (t: TestApp, token: string, secret: string) =>
  call(
    t.app,
    'POST',
    'operator/auth/second-factor/verify',
    { code: nextCode(t, secret) },
    { token },
  );
