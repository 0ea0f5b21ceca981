import { expect } from 'vitest';
import { call } from './requests.ts';
import { codeAt, STEP_MS } from './operator-second-factor.ts';
import type { TestApp } from './test-app.ts';

/**
 * Turns a member's authenticator app on through the API, in a session signed in by password;
 * the clock then moves to the next 30-second step, since the confirmation used this one. Answers
 * the secret and the code the member's app shows at the clock's time.
 */
export async function turnOnAuthenticator(t: TestApp, token: string, password: string) {
  const setup = await call(t.app, 'POST', 'auth/second-factor/totp/setup', { password }, { token });
  expect(setup.status).toBe(200);
  const secret = setup.body.data.secret as string;
  const code = () => codeAt(secret, t.clock.now());
  const confirm = await call(
    t.app,
    'POST',
    'auth/second-factor/totp/confirm',
    { code: code() },
    { token },
  );
  expect(confirm.status).toBe(200);
  t.clock.advance(STEP_MS);
  return { secret, code };
}
