import type { OperatorRole } from '@app/contracts';
import type { TestApp } from './test-app.ts';
import { call } from './requests.ts';
import { bootstrapOperator } from '../modules/operator/bootstrap.ts';

export const OPERATOR_PASSWORD = 'operator-password-2026';

/** Creates an operator the way the server does at start, and signs it in. */
export async function signInOperator(
  t: TestApp,
  email: string,
  role: OperatorRole = 'admin',
  ip = '127.0.0.1',
): Promise<string> {
  await bootstrapOperator(
    t.ctx.database.db,
    { operator: { email, password: OPERATOR_PASSWORD, role }, seedDemo: false },
    t.clock.now(),
  );
  const response = await call(
    t.app,
    'POST',
    'operator/auth/login',
    { email, password: OPERATOR_PASSWORD },
    { ip },
  );
  if (response.status !== 200) throw new Error(`operator login: ${JSON.stringify(response.body)}`);
  return response.body.data.access_token as string;
}
