import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.ts';
import { plainText, requiredText } from './fields.ts';
import { patternMessage, requiredMessage, tooLongMessage } from './messages.ts';
import { MICROS_PER_DOLLAR, parseMoney } from './money.ts';
import { formatDollars, moneyAmount } from './packages.ts';

// Deposits (secure/create, secure/hist and the operator
// deposits queue). Amounts leave the server as dollars (JSON numbers).

export const DEPOSIT_PROVIDERS = ['manual', 'gateway'] as const;
export type DepositProvider = (typeof DEPOSIT_PROVIDERS)[number];

export const DEPOSIT_STATUSES = ['pending', 'confirmed', 'rejected', 'failed', 'expired'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const MIN_DEPOSIT_MICROS = 10n * MICROS_PER_DOLLAR;

export const depositLabels = {
  amount: 'Amount',
  provider: 'Provider',
  txHash: 'Transaction hash',
  reason: 'Reason',
} as const;

export const minimumDepositMessage = `${depositLabels.amount} must be at least ${formatDollars(MIN_DEPOSIT_MICROS)}`;
export const DEPOSIT_HASH_IN_USE = 'This transaction hash is already used by another deposit';
export const GATEWAY_NOT_CONFIGURED = 'Payment gateway is not available; use a manual deposit';

/**
 * A USDT transfer hash: TRC-20 (64 hex digits) or BEP-20 (0x and 64 hex digits). Hex is
 * case-insensitive, so it is kept in lower case (the unique index compares lower case too).
 */
export const TX_HASH_PATTERN = /^(0x)?[0-9a-fA-F]{64}$/;
export const txHashField = requiredText(depositLabels.txHash, 66)
  .regex(TX_HASH_PATTERN, patternMessage(depositLabels.txHash))
  .transform((value) => value.toLowerCase());

/** A deposit amount: any exact money amount of at least the minimum. */
export const depositAmount = moneyAmount(depositLabels.amount).superRefine((value, ctx) => {
  const parsed = parseMoney(value);
  if (parsed.ok && parsed.micros < MIN_DEPOSIT_MICROS)
    ctx.addIssue({ code: 'custom', message: minimumDepositMessage });
});

// ---- member ---------------------------------------------------------------------------------

/** POST secure/create */
export const createDepositBody = z.object({
  amount: depositAmount,
  provider: z.enum(DEPOSIT_PROVIDERS, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? requiredMessage(depositLabels.provider)
        : patternMessage(depositLabels.provider),
  }),
  /** Manual deposits only: the hash may come now or later (POST secure/{id}/tx-hash). */
  txHash: txHashField.optional(),
});
export type CreateDepositBody = z.input<typeof createDepositBody>;

/** POST secure/{id}/tx-hash: the hash of a pending manual deposit, given after creating it. */
export const depositTxHashBody = z.object({ txHash: txHashField });
export type DepositTxHashBody = z.input<typeof depositTxHashBody>;

export const depositIdParams = z.object({ id: z.uuid(patternMessage('id')) });

/** The deposit record, plus why it ended as it did and when it last changed. */
export const depositView = z.object({
  id: z.string(),
  provider: z.enum(DEPOSIT_PROVIDERS),
  amount: z.number(),
  status: z.enum(DEPOSIT_STATUSES),
  txHash: z.string().nullable(),
  /** The gateway's hosted payment page (gateway deposits). */
  paymentUrl: z.string().nullable(),
  /** Why it was rejected, failed or expired, or what the gateway reported as received. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DepositView = z.infer<typeof depositView>;

/** Where and how to send USDT for a manual deposit. */
export const manualDepositInstructions = z.object({
  asset: z.literal('USDT'),
  /** e.g. 'TRC-20' */
  network: z.string(),
  /** The house deposit address. */
  address: z.string(),
});
export type ManualDepositInstructions = z.infer<typeof manualDepositInstructions>;

/**
 * POST secure/create: the deposit, plus `payment_url` (gateway: redirect the member there) or
 * `instructions` (manual: where to send the USDT); the other one is null.
 */
export const createDepositData = depositView.extend({
  payment_url: z.string().nullable(),
  instructions: manualDepositInstructions.nullable(),
});
export type CreateDepositData = z.infer<typeof createDepositData>;

/** GET secure/providers: which providers the deposit form may offer, and the minimum. */
export const depositProvidersData = z.object({
  providers: z.array(z.enum(DEPOSIT_PROVIDERS)),
  minimumAmount: z.number(),
  /** Null when manual deposits are off (production without MANUAL_DEPOSIT_ADDRESS). */
  manual: manualDepositInstructions.nullable(),
});
export type DepositProvidersData = z.infer<typeof depositProvidersData>;

/** GET secure/hist: newest first, optionally one status only. */
export const depositHistoryQuery = pageQuery.extend({
  status: z.enum(DEPOSIT_STATUSES, { error: patternMessage('status') }).optional(),
});
export type DepositHistoryQuery = z.input<typeof depositHistoryQuery>;
export const depositPageData = pageOf(depositView);
export type DepositPage = z.infer<typeof depositPageData>;

// ---- operator -------------------------------------------------------------------------------

/** Longer than any Registered ID, generated or chosen. */
export const MEMBER_CODE_MAX = 40;

/**
 * An operator's filter by one member's Registered ID (upper-cased as the sign-in reads it);
 * the deposits and withdrawals queues share it.
 */
export const memberCodeFilter = plainText('memberCode')
  .max(MEMBER_CODE_MAX, tooLongMessage('memberCode', MEMBER_CODE_MAX))
  .toUpperCase()
  .optional();

/** GET operator/deposits: the same filter and a member's; oldest first, worked in order. */
export const operatorDepositQuery = depositHistoryQuery.extend({ memberCode: memberCodeFilter });
export type OperatorDepositQuery = z.input<typeof operatorDepositQuery>;

export const operatorDepositView = depositView.extend({
  memberId: z.string(),
  memberName: z.string(),
  memberReferralCode: z.string(),
  /** The gateway's last reported payment status, e.g. 'partially_paid'. */
  gatewayStatus: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type OperatorDepositView = z.infer<typeof operatorDepositView>;
export const operatorDepositPageData = pageOf(operatorDepositView);

/** POST operator/deposits/{id}/reject */
export const rejectDepositBody = z.object({
  reason: requiredText(depositLabels.reason, 500, 1, { multiline: true }),
});
export type RejectDepositBody = z.input<typeof rejectDepositBody>;
