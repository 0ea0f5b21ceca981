import { can, type OperatorPermission, type OperatorRole } from '@app/contracts';

// The operator console's routes, under /operator in the same app (the server answers them with
// the plain page: see isOperatorConsolePath in the contracts).
export const operatorPaths = {
  signIn: '/operator/sign-in',
  acceptInvite: '/operator/accept-invite',

  dashboard: '/operator',
  deposits: '/operator/deposits',
  withdrawals: '/operator/withdrawals',
  adjustments: '/operator/adjustments',
  members: '/operator/members',
  member: '/operator/members/:id',
  packages: '/operator/packages',
  plan: '/operator/plan',
  tickets: '/operator/tickets',
  verification: '/operator/verification',
  ledger: '/operator/ledger',
  reconciliation: '/operator/reconciliation',
  liabilities: '/operator/liabilities',
  auditLog: '/operator/audit-log',
  operators: '/operator/operators',
  settings: '/operator/settings',
  security: '/operator/security',
} as const;

export type OperatorScreen = Exclude<keyof typeof operatorPaths, 'signIn' | 'acceptInvite'>;

/**
 * The permission that opens each screen; which roles hold it is the contracts' permission map,
 * the one the server checks. This only keeps the menu to what the operator can use, and a screen
 * a role may not open says so instead of failing call by call.
 */
export const OPERATOR_SCREEN_PERMISSIONS: Record<OperatorScreen, OperatorPermission> = {
  dashboard: 'console.use',
  deposits: 'money.read',
  withdrawals: 'money.read',
  adjustments: 'money.read',
  members: 'members.read',
  member: 'members.read',
  packages: 'plan.read',
  plan: 'plan.read',
  tickets: 'tickets.read',
  verification: 'verification.read',
  ledger: 'money.read',
  reconciliation: 'money.read',
  liabilities: 'money.read',
  auditLog: 'audit.read',
  operators: 'operators.manage',
  settings: 'settings.manage',
  security: 'console.use',
};

export const canOpen = (role: OperatorRole, screen: OperatorScreen): boolean =>
  can(role, OPERATOR_SCREEN_PERMISSIONS[screen]);

export const buildOperatorPath = {
  member: (id: string) => `/operator/members/${encodeURIComponent(id)}`,
};
