import { describe } from 'vitest';
import { createServerTestDatabase, testDatabaseUrl } from '../testing/database.ts';
import { requestRoleRefusals } from '../testing/request-role-checks.ts';

// On a server, where the request pool logs in as the request role (created by the migrator from
// the one URL it was given); `npm test` runs this through PgBouncer in transaction mode too.
describe.skipIf(!testDatabaseUrl)('the request role on PostgreSQL', () => {
  requestRoleRefusals(() => createServerTestDatabase(4), { roleIsFinal: true });
});
