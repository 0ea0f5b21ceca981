import { describe, expect, it } from 'vitest';
import { OPERATOR_ROLES } from './operator-view.ts';
import { can, OPERATOR_PERMISSION_NAMES, type OperatorPermission } from './operator-permissions.ts';

describe('the operator permission map', () => {
  it('lets every role use the console it signed in to (its session, overview, notifications)', () => {
    for (const role of OPERATOR_ROLES) expect(can(role, 'console.use'), role).toBe(true);
  });

  it('gives an admin every permission (decision 0025: admins can do everything)', () => {
    for (const permission of OPERATOR_PERMISSION_NAMES) {
      expect(can('admin', permission), permission).toBe(true);
    }
  });

  it('denies what it does not name: an unknown permission is held by nobody', () => {
    const unknown = 'ledger.rewrite' as OperatorPermission;
    for (const role of OPERATOR_ROLES) expect(can(role, unknown), role).toBe(false);
  });
});
