import { can, type OperatorRole } from '@app/contracts';

// What a role may do on a member's page, read from the contracts' permission map that the
// server enforces (decision 0032): the screen shows only what the operator can use.

/** Block, unblock, resend verification, sign in as the member and end their sessions. */
export const canActOnMembers = (role: OperatorRole) => can(role, 'members.act');

/** The member's ledger. */
export const canSeeMemberMoney = (role: OperatorRole) => can(role, 'money.read');

/** Proposing an adjustment to the member's wallets. */
export const canProposeAdjustment = (role: OperatorRole) => can(role, 'money.decide');

/** Correcting the member's name, email and mobile number. */
export const canEditMemberDetails = (role: OperatorRole) => can(role, 'members.edit-details');

/** Confirming or refusing the member's request to close their account (every role sees it). */
export const canDecideClosure = (role: OperatorRole) => can(role, 'members.close');

/** Adding internal notes on the member (every role reads them). */
export const canAddMemberNotes = (role: OperatorRole) => can(role, 'members.notes');
