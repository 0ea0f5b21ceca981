import type { OperatorRole } from '@app/contracts';

export const roleLabels: Record<OperatorRole, string> = {
  admin: 'Admin: everything',
  finance: 'Finance: money, ledger and reports',
  support: 'Support: members and tickets',
};

export const shortRoleLabels: Record<OperatorRole, string> = {
  admin: 'Admin',
  finance: 'Finance',
  support: 'Support',
};
