import { z } from 'zod';
import { MEMBER_CODE_MAX, operatorDepositView } from './deposits.ts';
import { pageOf, pageQuery } from './envelope.ts';
import { optionalText, requiredText } from './fields.ts';
import { patternMessage, requiredMessage } from './messages.ts';
import { MEMBER_STATUSES } from './operator-members.ts';
import { moneyAmount } from './packages.ts';
import { statementLine } from './statements.ts';
import { operatorWithdrawalView } from './withdrawals.ts';

// The console's money area: a deposit's or withdrawal's detail beside the queue, and the
// four-eyes money adjustments (one operator proposes, another approves). Amounts leave the
// server as dollars (JSON numbers) and come in as dollars, number or decimal string.

/** How many of the member's latest ledger lines a queue item's detail shows. */
export const DETAIL_LEDGER_LINES = 10;

/** Who the money belongs to, as the operator needs to judge the request. */
export const operatorMemberCard = z.object({
  id: z.string(),
  /** The Registered ID the member signs in with. */
  registeredId: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(MEMBER_STATUSES),
});
export type OperatorMemberCard = z.infer<typeof operatorMemberCard>;

/** One posting on one of the member's wallets: a statement line without its description. */
export const memberLedgerLine = statementLine.omit({ description: true });
export type MemberLedgerLine = z.infer<typeof memberLedgerLine>;

/** GET operator/deposits/{id} */
export const operatorDepositDetail = z.object({
  deposit: operatorDepositView,
  member: operatorMemberCard,
  /** The member's latest ledger lines, newest first. */
  recentLedger: z.array(memberLedgerLine),
});
export type OperatorDepositDetail = z.infer<typeof operatorDepositDetail>;

/** GET operator/withdrawals/{id} */
export const operatorWithdrawalDetail = z.object({
  withdrawal: operatorWithdrawalView,
  member: operatorMemberCard,
  recentLedger: z.array(memberLedgerLine),
});
export type OperatorWithdrawalDetail = z.infer<typeof operatorWithdrawalDetail>;

// ---- money adjustments ----------------------------------------------------------------------

export const ADJUSTMENT_WALLETS = ['fund', 'profit'] as const;
export type AdjustmentWallet = (typeof ADJUSTMENT_WALLETS)[number];
export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];
export const ADJUSTMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

export const adjustmentLabels = {
  memberCode: 'Registered ID',
  wallet: 'Wallet',
  direction: 'Direction',
  amount: 'Amount',
  reason: 'Reason',
  reference: 'Reference',
  note: 'Note',
} as const;

export const ADJUSTMENT_REASON_MIN = 5;
export const ADJUSTMENT_REASON_MAX = 500;
export const ADJUSTMENT_REFERENCE_MAX = 120;
export const ADJUSTMENT_NOTE_MAX = 500;

/** The four-eyes rule, said to the proposer (an admin too) who tries to decide their own. */
export const ownAdjustmentMessage = (action: 'approve' | 'reject') =>
  `You cannot ${action} your own adjustment`;
export const UNKNOWN_MEMBER_CODE = 'No member has this Registered ID';

const choice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? requiredMessage(label)
        : patternMessage(label),
  });

/** POST operator/adjustments: a proposal; nothing moves until another operator approves it. */
export const proposeAdjustmentBody = z.object({
  /** Looked up as typed, upper-cased: an id no member has is refused on this field. */
  memberCode: requiredText(adjustmentLabels.memberCode, MEMBER_CODE_MAX).toUpperCase(),
  wallet: choice(ADJUSTMENT_WALLETS, adjustmentLabels.wallet),
  direction: choice(ADJUSTMENT_DIRECTIONS, adjustmentLabels.direction),
  /** Always positive; the direction gives the sign. */
  amount: moneyAmount(adjustmentLabels.amount),
  reason: requiredText(adjustmentLabels.reason, ADJUSTMENT_REASON_MAX, ADJUSTMENT_REASON_MIN, {
    multiline: true,
  }),
  /** What it refers to outside the ledger, e.g. a ticket number or a gateway payment id. */
  reference: requiredText(adjustmentLabels.reference, ADJUSTMENT_REFERENCE_MAX),
});
export type ProposeAdjustmentBody = z.input<typeof proposeAdjustmentBody>;

/** GET operator/adjustments: newest first, optionally one status. */
export const adjustmentQuery = pageQuery.extend({
  status: z.enum(ADJUSTMENT_STATUSES, { error: patternMessage('status') }).optional(),
});
export type AdjustmentQuery = z.input<typeof adjustmentQuery>;

/** POST operator/adjustments/{id}/approve */
export const approveAdjustmentBody = z
  .object({ note: optionalText(adjustmentLabels.note, ADJUSTMENT_NOTE_MAX) })
  .default({});
export type ApproveAdjustmentBody = z.input<typeof approveAdjustmentBody>;

/** POST operator/adjustments/{id}/reject: why, for the proposer and the audit log. */
export const rejectAdjustmentBody = z.object({
  note: requiredText(adjustmentLabels.note, ADJUSTMENT_NOTE_MAX, 1, { multiline: true }),
});
export type RejectAdjustmentBody = z.input<typeof rejectAdjustmentBody>;

const operatorRef = z.object({ id: z.string(), email: z.string() });

export const adjustmentView = z.object({
  id: z.string(),
  member: z.object({ id: z.string(), registeredId: z.string(), name: z.string() }),
  wallet: z.enum(ADJUSTMENT_WALLETS),
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  /** Dollars, always positive: the direction says which way. */
  amount: z.number(),
  reason: z.string(),
  reference: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  proposedBy: operatorRef,
  proposedAt: z.string(),
  decidedBy: operatorRef.nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type AdjustmentView = z.infer<typeof adjustmentView>;
export const adjustmentPageData = pageOf(adjustmentView);
export type AdjustmentPage = z.infer<typeof adjustmentPageData>;
