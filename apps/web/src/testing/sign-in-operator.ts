import type { OperatorRole } from '@app/contracts';
import { http } from 'msw';
import { saveOperatorSession } from '../lib/operator-session.ts';
import { apiUrl, ok } from './handlers.ts';
import { server } from './server.ts';

/**
 * Signs an operator of `role` in, as the console's session store and its `me` call see it; by
 * default without a second factor and where none is required (decision 0049).
 */
export function signInOperator(
  role: OperatorRole,
  secondFactor = { totp: false, enrolmentRequired: false },
) {
  const operator = { id: `operator-${role}`, email: `${role}@example.com`, role };
  saveOperatorSession('operator-token', operator);
  server.use(http.get(apiUrl('operator/auth/me'), () => ok({ ...operator, secondFactor })));
  return operator;
}
