import { z } from 'zod';
import { dayRangeShape, isOrderedRange, pageOf, pageQuery, reversedRange } from './envelope.ts';
import { optionalText, passwordText, requiredText } from './fields.ts';
import { labels, patternMessage } from './messages.ts';
import { operatorView } from './operator-view.ts';
import { secondFactorCode } from './second-factor.ts';

// The operator API: operators sign in by email under /api/v1/operator/.

/** Looser than the member form's pattern: an operator's address is whatever the company uses. */
export const OPERATOR_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const OPERATOR_INVALID_CREDENTIALS = 'Invalid email or password';
export const OPERATORS_ONLY = 'Operators only';
export const OPERATOR_ROLE_REFUSED = 'Your operator role does not allow this';

export const operatorLoginBody = z.object({
  email: requiredText(labels.email, 254)
    .regex(OPERATOR_EMAIL_PATTERN, patternMessage(labels.email))
    .transform((value) => value.toLowerCase()),
  password: passwordText(labels.password, 128),
});
export type OperatorLoginBody = z.input<typeof operatorLoginBody>;

export const operatorLoginData = z.object({ access_token: z.string(), operator: operatorView });
export type OperatorLoginData = z.infer<typeof operatorLoginData>;

// ---- the operator's own second factor (decision 0049) -----------------------------------------
// The member's authenticator app and recovery codes (second-factor.ts), in the console: the same
// setup, confirm, challenge and step-up bodies, the operator's own endpoints under operator/auth/.

/** What an operator's sign-in's second step, or an operator's step-up, may take. */
export const OPERATOR_SECOND_FACTOR_METHODS = ['totp', 'recovery-code'] as const;

export const SECOND_FACTOR_ENROLMENT_REQUIRED =
  'Set up your authenticator app before using the console';
export const OPERATOR_SIGN_IN_EXPIRED =
  'This sign-in has expired. Enter your email and password again.';
export const OPERATOR_SECOND_FACTOR_RESET_SELF =
  'You cannot reset your own second factor; ask another admin';

/** A code (the app's or a recovery code): new recovery codes, and the operator's step-up. */
export const operatorCodeBody = z.object({ code: secondFactorCode });
export type OperatorCodeBody = z.input<typeof operatorCodeBody>;

/** GET operator/auth/second-factor: the operator's own factor, and whether the console needs it. */
export const operatorSecondFactorStatus = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number(),
  enabledAt: z.string().nullable(),
  /** This server requires operators to have one (production): without it only enrolment opens. */
  required: z.boolean(),
});
export type OperatorSecondFactorStatus = z.infer<typeof operatorSecondFactorStatus>;

/** GET operator/auth/me: the operator, and whether the console waits for their enrolment. */
export const operatorMeData = operatorView.extend({
  secondFactor: z.object({
    totp: z.boolean(),
    /** True while this server requires a factor and the operator has none: enrol first. */
    enrolmentRequired: z.boolean(),
  }),
});
export type OperatorMeData = z.infer<typeof operatorMeData>;

const auditFilterShape = {
  /** The start of an action: `deposit.` finds every deposit action, a whole name finds one. */
  action: optionalText('action', 100).transform((value) => value || undefined),
  operatorId: z.uuid(patternMessage('operatorId')).optional(),
  targetType: optionalText('targetType', 50).transform((value) => value || undefined),
  targetId: optionalText('targetId', 100).transform((value) => value || undefined),
  /** UTC days, both included. */
  ...dayRangeShape,
};

/** The audit log's filters, for its CSV export. */
export const auditLogFilter = z.object(auditFilterShape).refine(isOrderedRange, reversedRange);
export type AuditLogFilter = z.infer<typeof auditLogFilter>;

export const auditLogQuery = pageQuery
  .extend(auditFilterShape)
  .refine(isOrderedRange, reversedRange);
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

/** At most this many lines in one audit CSV export. */
export const AUDIT_CSV_MAX_ROWS = 10_000;

export const auditEntryView = z.object({
  id: z.string(),
  operatorId: z.string().nullable(),
  operatorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /**
   * The member the action was about: the target member, or the member of the target deposit,
   * withdrawal, adjustment or ticket; null for other targets or one gone.
   */
  targetMember: z.object({ id: z.string(), name: z.string(), registeredId: z.string() }).nullable(),
  /** The target operator's email, when the target is an operator. */
  targetOperatorEmail: z.string().nullable(),
  detail: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntryView>;

export const auditLogPage = pageOf(auditEntryView);

// ---- reports (read-only, exact to the micro-dollar) -----------------------------------------

/** GET operator/reconciliation: the ledger re-derived from its postings and compared. */
export const reconciliationData = z.object({
  checkedAt: z.string(),
  /** True when every check below holds. */
  ok: z.boolean(),
  /** Sum of every posting ever written, in dollars: 0 unless money was made or lost. */
  totalPostings: z.number(),
  transfers: z.number(),
  /** Transfers whose postings do not sum to 0 or number fewer than two (at most 1,000 listed). */
  unbalancedTransfers: z.array(
    z.object({ transferId: z.string(), postingCount: z.number(), sum: z.number() }),
  ),
  memberAccounts: z.number(),
  /** Member accounts whose cached balance differs from the sum of their postings. */
  mismatchedAccounts: z.array(
    z.object({ accountId: z.string(), cached: z.number(), postings: z.number() }),
  ),
  /** Accounts whose held amount differs from their pending holds. */
  heldMismatches: z.array(
    z.object({ accountId: z.string(), held: z.number(), pending: z.number() }),
  ),
  /** Every member wallet kind summed: balance and held, in dollars. */
  memberWallets: z.array(z.object({ wallet: z.string(), balance: z.number(), held: z.number() })),
  /** The house's accounts, each the sum of its postings (negative: paid out or owed). */
  houseAccounts: z.array(z.object({ code: z.string(), balance: z.number() })),
});
export type ReconciliationData = z.infer<typeof reconciliationData>;

/** GET operator/liabilities: what the platform owes members against what it received. */
export const liabilitiesData = z.object({
  asOf: z.string(),
  /** Profit and compounding wallets, available now (what members could ask to withdraw). */
  withdrawableNow: z.number(),
  /** Held by pending withdrawals (already asked for). */
  pendingWithdrawals: z.number(),
  /** Fund wallets: spendable on packages, not withdrawable. */
  fundWallets: z.number(),
  /** Daily profit accrued on active packages and not claimed yet. */
  accruedUnclaimedProfit: z.number(),
  /** Daily profit still to accrue on active packages until they end. */
  futureProfit: z.number(),
  /** Commissions and rewards earned and not yet credited. */
  commissionsAccrued: z.number(),
  /** Everything above that members may one day take out. */
  totalOwed: z.number(),
  depositsReceived: z.number(),
  /** Net of fees: what was sent to members (the overview's figure is gross, fee included). */
  withdrawalsPaid: z.number(),
  /** Deposits received minus withdrawals paid: what the house holds. */
  netReceived: z.number(),
  /** netReceived minus totalOwed: negative when the promises exceed what came in. */
  coverage: z.number(),
});
export type LiabilitiesData = z.infer<typeof liabilitiesData>;
