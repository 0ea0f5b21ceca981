import type { OperatorRole } from '@app/contracts';

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
  ledger: '/operator/ledger',
  reconciliation: '/operator/reconciliation',
  liabilities: '/operator/liabilities',
  auditLog: '/operator/audit-log',
  operators: '/operator/operators',
} as const;

export type OperatorScreen = Exclude<keyof typeof operatorPaths, 'signIn' | 'acceptInvite'>;

const EVERYONE: OperatorRole[] = ['admin', 'finance', 'support'];
const MONEY: OperatorRole[] = ['admin', 'finance'];
const ADMIN: OperatorRole[] = ['admin'];

/**
 * Who may open each screen. The server decides what each role may do; this only keeps the
 * menu to what the operator can use, and a screen a role may not open says so instead of
 * failing call by call. Finance sees the catalogue and the plan but cannot change them.
 */
export const OPERATOR_SCREEN_ROLES: Record<OperatorScreen, OperatorRole[]> = {
  dashboard: EVERYONE,
  deposits: MONEY,
  withdrawals: MONEY,
  adjustments: MONEY,
  members: EVERYONE,
  member: EVERYONE,
  packages: MONEY,
  plan: MONEY,
  tickets: EVERYONE,
  ledger: MONEY,
  reconciliation: MONEY,
  liabilities: MONEY,
  auditLog: ADMIN,
  operators: ADMIN,
};

export const canOpen = (role: OperatorRole, screen: OperatorScreen): boolean =>
  OPERATOR_SCREEN_ROLES[screen].includes(role);

export const buildOperatorPath = {
  member: (id: string) => `/operator/members/${encodeURIComponent(id)}`,
};
