import { describe } from 'vitest';
import { createPgliteTestDatabase } from '../testing/database.ts';
import { requestRoleRefusals } from '../testing/request-role-checks.ts';

// On PGlite, the embedded database of `npm start`: the one connection acts as the request role.
describe('the request role on PGlite', () => {
  requestRoleRefusals(() => createPgliteTestDatabase(), { roleIsFinal: false });
});
