import { OPERATOR_ROLES, type OperatorRole } from './operator-view.ts';

// Who may do what in the operator console, in one place (decision 0032). The server's operator
// routes each declare one of these permissions, the console's menu and screens ask `can`, and
// the access test calls every route as every role against this map. A role not listed for a
// permission does not hold it: nothing is allowed by default.

const ADMIN = ['admin'] as const satisfies readonly OperatorRole[];
const MONEY = ['admin', 'finance'] as const satisfies readonly OperatorRole[];
const SUPPORT = ['admin', 'support'] as const satisfies readonly OperatorRole[];

export const OPERATOR_PERMISSIONS = {
  /** Their own session, the overview (money figures need `money.read`), their notifications. */
  'console.use': OPERATOR_ROLES,
  /** Find members; their profile, wallets, packages, team and live sessions. */
  'members.read': OPERATOR_ROLES,
  /** Block, unblock, resend verification, sign in as the member (read-only), end their sessions. */
  'members.act': SUPPORT,
  /** The deposit, withdrawal and adjustment queues, the ledger and its reports, a member's ledger. */
  'money.read': MONEY,
  /** Confirm or reject deposits, pay or reject withdrawals, propose and approve adjustments. */
  'money.decide': MONEY,
  /** The package catalogue and the compensation plan, its versions and previews. */
  'plan.read': MONEY,
  /** Add, change and retire packages. */
  'packages.manage': ADMIN,
  /** Publish a new version of the compensation plan. */
  'plan.publish': ADMIN,
  /** The support inbox and its threads. */
  'tickets.read': OPERATOR_ROLES,
  /** Answer and close tickets. */
  'tickets.answer': SUPPORT,
  /** Assign a ticket to an operator who answers tickets, or to nobody (audited). */
  'tickets.assign': SUPPORT,
  /** Add internal notes on a ticket, which the member never sees (reading needs `tickets.read`). */
  'tickets.notes': SUPPORT,
  /** Add, change and remove the canned replies (inserting one needs `tickets.answer`). */
  'tickets.canned-replies': SUPPORT,
  /** Correct a member's name, email or mobile number (the reason audited, the member told). */
  'members.edit-details': SUPPORT,
  /** Add internal notes on a member (reading them needs only `members.read`). */
  'members.notes': SUPPORT,
  /** The audit log and its export. */
  'audit.read': ADMIN,
  /** Invite operators, change their roles, disable and enable them. */
  'operators.manage': ADMIN,
  /**
   * Turn another operator's second factor off when they lost it (the reason audited, the
   * operator told by email; their sessions end).
   */
  'operators.reset-second-factor': ADMIN,
  /** Start a scheduled run by hand. */
  'jobs.run': ADMIN,
  /** Turn a member's second factor off when they lost it (the reason audited, the member told). */
  'members.reset-second-factor': ADMIN,
  /**
   * Confirm a member's request to close their account, which ends it for good, or refuse it with
   * a reason (decision 0060; every role sees the request and the wallets with `members.read`).
   */
  'members.close': ADMIN,
  /** The identity verification queue and each submission's status (decision 0055). */
  'verification.read': OPERATOR_ROLES,
  /** Open a submission's details and documents, approve, reject or ask for a document again. */
  'verification.review': SUPPORT,
  /** What verification asks for (the versioned requirements) and when it is required. */
  'verification.configure': ADMIN,
  /**
   * The platform's settings: how long withdrawals wait after a security change, the robot check,
   * how long closed accounts' personal data and rejected documents are kept (decision 0060).
   */
  'settings.manage': ADMIN,
} as const satisfies Record<string, readonly OperatorRole[]>;

export type OperatorPermission = keyof typeof OPERATOR_PERMISSIONS;

export const OPERATOR_PERMISSION_NAMES = Object.keys(OPERATOR_PERMISSIONS) as OperatorPermission[];

/** Whether `role` holds `permission`; an unknown permission is held by nobody. */
export function can(role: OperatorRole, permission: OperatorPermission): boolean {
  const holders: readonly OperatorRole[] | undefined = OPERATOR_PERMISSIONS[permission];
  return holders?.includes(role) ?? false;
}
