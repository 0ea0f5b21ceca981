import type { OperatorRole } from '@app/contracts';

// What each role may do on a member's page, as the server enforces it (decision 0026): the
// screen shows only what the operator can use.

/** Block, unblock, resend verification and sign in as the member: support's work (and admin's). */
export const canActOnMembers = (role: OperatorRole) => role === 'admin' || role === 'support';

/** The member's ledger and proposing an adjustment: money roles. */
export const canSeeMemberMoney = (role: OperatorRole) => role === 'admin' || role === 'finance';
