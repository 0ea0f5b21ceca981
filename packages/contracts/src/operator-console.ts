import { z } from 'zod';

// What the console shows around its queues and its audit log: each recorded action in words,
// the work waiting in the menu, and the checks beside a withdrawal before it is paid.

/**
 * Every action the server records in the audit log, in words. One map for the console and its
 * tests: the API's test reads the source for every action it records and fails on one missing
 * here (or one here that nothing records any more).
 */
export const AUDIT_ACTION_WORDS = {
  'adjustment.approve': 'Approved a wallet adjustment',
  'adjustment.propose': 'Proposed a wallet adjustment',
  'adjustment.reject': 'Rejected a wallet adjustment',
  'auth.login': 'Signed in to the console',
  'auth.logout': 'Signed out of the console',
  'deposit.confirm': 'Confirmed a deposit',
  'deposit.reject': 'Rejected a deposit',
  'jobs.compounding.run': 'Ran the compounding income by hand',
  'member.block': 'Blocked a member',
  'member.unblock': 'Unblocked a member',
  'member.end_session': "Ended one of a member's sessions",
  'member.end_sessions': "Ended all of a member's sessions",
  'member.edit_details': "Changed a member's details",
  'member.add_note': 'Added a note on a member',
  'member.impersonate': 'Viewed the app as a member (read-only)',
  'member.export_data': 'A member downloaded their own data',
  'member.resend_verification': "Resent a member's verification email",
  'member.reset_second_factor': "Turned off a member's second factor",
  'member.close_request': 'A member asked to close their account',
  'member.close_cancel': 'A member cancelled their request to close their account',
  'member.close_confirm': "Confirmed a member's request to close their account",
  'member.close_refuse': "Refused a member's request to close their account",
  'member.erase_personal_data': "Erased a closed account's personal data (retention)",
  'operator.accept-invite': 'Accepted an invitation to the console',
  'operator.bootstrap_create': 'Operator created from the configuration',
  'operator.bootstrap_update': 'Operator updated from the configuration',
  'operator.invite': 'Invited an operator',
  'operator.resend-invite': "Resent an operator's invitation",
  'operator.update': "Changed an operator's role or status",
  'operator.reset_second_factor': "Turned off an operator's second factor",
  'operator.second_factor_on': 'Turned on their authenticator app',
  'operator.recovery_codes_replaced': 'Replaced their recovery codes',
  'package.create': 'Added a package',
  'package.update': 'Changed a package',
  'package.retire': 'Retired a package',
  'plan.publish': 'Published a new compensation plan',
  'settings.security': 'Changed the security settings',
  'settings.proof-of-work': 'Changed the robot check settings',
  'ticket.answer': 'Answered a support ticket',
  'ticket.close': 'Closed a support ticket',
  'ticket.assign': 'Assigned a support ticket',
  'ticket.unassign': 'Unassigned a support ticket',
  'ticket.add_note': 'Added an internal note on a ticket',
  'ticket.attach_image': 'Attached an image to a support ticket',
  'ticket.canned_reply.create': 'Added a canned reply',
  'ticket.canned_reply.update': 'Changed a canned reply',
  'ticket.canned_reply.delete': 'Removed a canned reply',
  'settings.verification': 'Changed when identity verification is required',
  'verification.approve': "Approved a member's identity verification",
  'verification.reject': "Rejected a member's identity verification",
  'verification.request-document': 'Asked a member for an identity document again',
  'verification.document-viewed': "Viewed a member's identity document",
  'verification.requirements': 'Published new identity verification requirements',
  'verification.documents_deleted': 'Deleted rejected or replaced identity documents (retention)',
  'settings.retention': 'Changed how long closed accounts and rejected documents are kept',
  'withdrawal.pay': 'Paid a withdrawal',
  'withdrawal.reject': 'Rejected a withdrawal',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_WORDS;

/** The action in words; an action this build does not know (an older one) shows its code. */
export function auditActionWords(action: string): string {
  return Object.hasOwn(AUDIT_ACTION_WORDS, action)
    ? AUDIT_ACTION_WORDS[action as AuditAction]
    : action;
}

/** GET operator/work-waiting: what waits in each queue; null for a queue the role may not see. */
export const workWaitingData = z.object({
  /** Deposits waiting to be confirmed or rejected (`money.read`). */
  deposits: z.number().nullable(),
  /** Withdrawals waiting to be paid or rejected (`money.read`). */
  withdrawals: z.number().nullable(),
  /** Tickets waiting for support, open (`tickets.read`). */
  tickets: z.number().nullable(),
  /** Identity verifications submitted and waiting for a decision (`verification.review`). */
  verifications: z.number().nullable(),
});
export type WorkWaitingData = z.infer<typeof workWaitingData>;

/** How many days after a payout address change the pay screen warns about it. */
export const ADDRESS_CHANGE_WARNING_DAYS = 7;

/** GET operator/withdrawals/:id/payout-checks: what to check before sending the money. */
export const withdrawalPayoutChecks = z.object({
  /** The network the payout address belongs to, told by its format; null when unknown. */
  network: z.enum(['TRC-20', 'BEP-20']).nullable(),
  /** The address on that network's explorer (configured per network). */
  addressUrl: z.string().nullable(),
  /** The explorer's transaction page with `{hash}` where the hash goes, to link a typed hash. */
  transactionUrlTemplate: z.string().nullable(),
  /** The paid withdrawal's transaction on the explorer. */
  transactionUrl: z.string().nullable(),
  /** The last payout address change in the last ADDRESS_CHANGE_WARNING_DAYS days, if any. */
  addressChangedAt: z.string().nullable(),
  /** Whether the address to pay is still the member's saved payout address. */
  isCurrentAddress: z.boolean(),
});
export type WithdrawalPayoutChecks = z.infer<typeof withdrawalPayoutChecks>;

/** A transaction page's link: the template with the hash in place of `{hash}`. */
export const explorerTransactionUrl = (template: string, hash: string) =>
  template.replaceAll('{hash}', encodeURIComponent(hash));
