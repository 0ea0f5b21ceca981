// Helpers for the operators' second-factor suites (imported by tests only).
import * as OTPAuth from 'otpauth';
import { call } from '../../testing/requests.ts';
import { OPERATOR_PASSWORD } from '../../testing/operators.ts';
import type { TestApp } from '../../testing/test-app.ts';

/** A 30-second step of the authenticator app: the next code the tests use is a later step's. */
export const STEP_MS = 30_000;

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
