import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';
import { z } from 'zod';
import { OTP_PURPOSES } from './auth.ts';
import { memberCodeFilter, rejectDepositBody, txHashField } from './deposits.ts';
import { pageOf, pageQuery } from './envelope.ts';
import { requiredText } from './fields.ts';
import { labels, patternMessage, requiredMessage } from './messages.ts';
import { applyRate, MICROS_PER_DOLLAR, parseMoney } from './money.ts';
import { formatDollars, moneyAmount } from './packages.ts';
import { OTP_PATTERN } from './patterns.ts';

// Withdrawals and the payout address (auth/send-otp, auth/update-address, safe/withdrawal,
// safe/withdrwal-hist and the operator's withdrawals queue). The fee rule and the limits live
// here so the web shows exactly what the server will charge.

export const WITHDRAWAL_WALLETS = ['profit', 'compounding'] as const;
export type WithdrawalWallet = (typeof WITHDRAWAL_WALLETS)[number];
export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected', 'cancelled'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const withdrawalLabels = {
  wallet: 'Wallet',
  amount: labels.amount,
  otp: labels.otp,
  address: 'Payout address',
  status: 'Status',
} as const;

// ---- fee and limits ------------------------------------------------------------------------

/** 5 %, in the plan's rate units (1e-4 %), as `applyRate` takes it. */
export const WITHDRAWAL_FEE_RATE = 50_000n;
export const WITHDRAWAL_FEE_PERCENT = 5;
export const WITHDRAWAL_MIN_MICROS = 10n * MICROS_PER_DOLLAR;
/** The most a member may request per business day (pending and paid requests count). */
export const WITHDRAWAL_DAILY_MAX_MICROS = 5_000n * MICROS_PER_DOLLAR;

/**
 * The fee is `floor(amount × 5 %)` in micro-dollars, like every rate of the plan; the member
 * receives the rest, so fee + net is always exactly the amount. Flooring gives the sub-micro
 * remainder to the member: at most one micro-dollar a withdrawal, never a rounding dispute.
 */
export function withdrawalFee(amountMicros: bigint): { fee: bigint; net: bigint } {
  const fee = applyRate(amountMicros, WITHDRAWAL_FEE_RATE);
  return { fee, net: amountMicros - fee };
}

export const withdrawalMinimumMessage = `${withdrawalLabels.amount} must be at least ${formatDollars(WITHDRAWAL_MIN_MICROS)}`;
/** Refusal of the daily cap; `remaining` is what may still be requested today. */
export const withdrawalDailyCapMessage = (remaining: bigint) =>
  `At most ${formatDollars(WITHDRAWAL_DAILY_MAX_MICROS)} can be withdrawn per day; ${formatDollars(remaining)} remains today`;
export const WITHDRAWAL_PENDING_EXISTS =
  'You already have a pending withdrawal; wait until it is paid or rejected, or cancel it';
export const PAYOUT_ADDRESS_MISSING = 'Save a payout address before withdrawing';
export const WITHDRAWAL_EMAIL_UNVERIFIED = 'Verify your email address before withdrawing';
export const WITHDRAWAL_NOT_PENDING = 'Only a pending withdrawal can be changed';

// ---- USDT addresses ------------------------------------------------------------------------

export type UsdtNetwork = 'TRC-20' | 'BEP-20';

const TRC20_PATTERN = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const BEP20_PATTERN = /^0x[0-9a-fA-F]{40}$/;
/** TRON's address prefix byte: every main-net address starts with it (base58 'T'). */
const TRON_PREFIX = 0x41;
/** Base58 with a 4-byte double SHA-256 checksum, as TRON writes addresses. */
const base58check = createBase58check(sha256);

/**
 * The network of a USDT address, or null when it is neither. TRC-20 is `T` + 33 base58
 * characters whose base58check checksum holds; BEP-20 is `0x` + 40 hex digits, and when they are
 * in mixed case that case is the EIP-55 checksum and must hold (all lower or all upper case
 * carries no checksum and is accepted). So a mistyped character is caught, not paid to.
 */
export function usdtNetwork(address: string): UsdtNetwork | null {
  if (BEP20_PATTERN.test(address)) return eip55Holds(address) ? 'BEP-20' : null;
  if (TRC20_PATTERN.test(address) && tronChecksumHolds(address)) return 'TRC-20';
  return null;
}

/**
 * The one spelling an address is stored and bound under: trimmed; BEP-20 lower-cased (hex is
 * case-insensitive once its checksum has been checked), TRC-20 as is (base58 is case-sensitive).
 */
export function normalizeUsdtAddress(address: string): string {
  const trimmed = address.trim();
  return BEP20_PATTERN.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

function tronChecksumHolds(address: string): boolean {
  try {
    const payload = base58check.decode(address);
    return payload.length === 21 && payload[0] === TRON_PREFIX;
  } catch {
    return false; // the checksum does not match
  }
}

/** EIP-55: hex letter i is upper case exactly when nibble i of keccak-256(lower-case hex) is ≥ 8. */
function eip55Holds(address: string): boolean {
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex.toLowerCase())));
  return [...hex].every(
    (char, i) =>
      char === (Number.parseInt(hash[i]!, 16) >= 8 ? char.toUpperCase() : char.toLowerCase()),
  );
}

/** A USDT payout address (TRC-20 or BEP-20), normalised; any other text names the field. */
export const payoutAddress = requiredText(withdrawalLabels.address, 64)
  .refine((value) => usdtNetwork(value) !== null, patternMessage(withdrawalLabels.address))
  .transform(normalizeUsdtAddress);

// ---- member requests -----------------------------------------------------------------------

/** A 6-digit email code, as any form that confirms with one sends it. */
export const otpCode = z
  .string({ error: () => requiredMessage(labels.otp) })
  .trim()
  .min(1, requiredMessage(labels.otp))
  .regex(OTP_PATTERN, patternMessage(labels.otp));

/** The start of a held withdrawal's refusal, before the time it ends. */
export const WITHDRAWALS_ON_HOLD_PREFIX = 'Withdrawals are paused until';

/** GET auth/withdrawal-hold: when the member's withdrawals may resume, or null when they may now. */
export const withdrawalHoldData = z.object({ heldUntil: z.string().nullable() });
export type WithdrawalHold = z.infer<typeof withdrawalHoldData>;

export const WITHDRAWAL_WALLET_REFUSED =
  'Withdrawals are made from the profit or compounding wallet';
const withdrawalWallet = z.enum(WITHDRAWAL_WALLETS, {
  error: (issue) =>
    issue.input === undefined || issue.input === ''
      ? requiredMessage(withdrawalLabels.wallet)
      : WITHDRAWAL_WALLET_REFUSED,
});

/** A withdrawal amount: any exact money amount of at least the minimum. */
export const withdrawalAmount = moneyAmount(withdrawalLabels.amount).superRefine((value, ctx) => {
  const parsed = parseMoney(value);
  if (parsed.ok && parsed.micros < WITHDRAWAL_MIN_MICROS)
    ctx.addIssue({ code: 'custom', message: withdrawalMinimumMessage });
});

/** PUT auth/update-address: the new address and the code mailed for exactly that address. */
export const updateAddressBody = z.object({ address: payoutAddress, otp: otpCode });
export type UpdateAddressBody = z.input<typeof updateAddressBody>;

/** GET auth/address (and the answer of PUT auth/update-address). */
export const payoutAddressData = z.object({
  address: z.string().nullable(),
  network: z.enum(['TRC-20', 'BEP-20']).nullable(),
});
export type PayoutAddressData = z.infer<typeof payoutAddressData>;

/**
 * GET auth/send-otp. `withdrawal` also takes the wallet and amount the code will be good for
 * (and the saved payout address, which the server reads itself); `payout-address` takes the new
 * address. `verify-email` takes nothing more; extra parameters are ignored for it.
 */
export const sendOtpRequestQuery = z
  .object({
    purpose: z
      .enum(OTP_PURPOSES, { error: () => patternMessage(labels.purpose) })
      .default('verify-email'),
    wallet: withdrawalWallet.optional(),
    amount: withdrawalAmount.optional(),
    address: payoutAddress.optional(),
  })
  .superRefine((query, ctx) => {
    const require = (field: 'wallet' | 'amount' | 'address') => {
      if (query[field] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: requiredMessage(withdrawalLabels[field]),
        });
    };
    if (query.purpose === 'withdrawal') (['wallet', 'amount'] as const).forEach(require);
    if (query.purpose === 'payout-address') require('address');
  });
export type SendOtpRequestQuery = z.input<typeof sendOtpRequestQuery>;

/** POST safe/withdrawal (with an Idempotency-Key). */
export const withdrawalBody = z.object({
  wallet: withdrawalWallet,
  amount: withdrawalAmount,
  otp: otpCode,
});
export type WithdrawalBody = z.input<typeof withdrawalBody>;

/** One withdrawal (the record shape); amounts in dollars. */
export const withdrawalView = z.object({
  id: z.string(),
  wallet: z.enum(WITHDRAWAL_WALLETS),
  amount: z.number(),
  fee: z.number(),
  netAmount: z.number(),
  address: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  txHash: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  /** When an operator paid or rejected it, or the member cancelled it. */
  decidedAt: z.string().nullable(),
});
export type WithdrawalView = z.infer<typeof withdrawalView>;
export const withdrawalPageData = pageOf(withdrawalView);
export type WithdrawalPage = z.infer<typeof withdrawalPageData>;

const statusFilter = z
  .enum(WITHDRAWAL_STATUSES, { error: patternMessage(withdrawalLabels.status) })
  .optional();

/** GET safe/withdrwal-hist (and safe/withdrawal-hist): newest first. */
export const withdrawalHistQuery = pageQuery.extend({
  wallet: z.enum(WITHDRAWAL_WALLETS, { error: patternMessage(withdrawalLabels.wallet) }).optional(),
  status: statusFilter,
});
export type WithdrawalHistQuery = z.input<typeof withdrawalHistQuery>;

// ---- operator ------------------------------------------------------------------------------

/** GET operator/withdrawals: oldest first, the order they should be paid in. */
export const operatorWithdrawalQuery = pageQuery.extend({
  status: statusFilter,
  memberCode: memberCodeFilter,
});
export type OperatorWithdrawalQuery = z.input<typeof operatorWithdrawalQuery>;

export const operatorWithdrawalView = withdrawalView.extend({
  member: z.object({ id: z.string(), name: z.string(), referralCode: z.string() }),
});
export type OperatorWithdrawalView = z.infer<typeof operatorWithdrawalView>;
export const operatorWithdrawalPageData = pageOf(operatorWithdrawalView);

/** The chain transaction that paid it: the same TRC-20/BEP-20 hash rule as a deposit's. */
export const payWithdrawalBody = z.object({ txHash: txHashField });
export type PayWithdrawalBody = z.input<typeof payWithdrawalBody>;

/** Why it was refused, shown to the member: the same rule as a deposit's refusal. */
export const rejectWithdrawalBody = rejectDepositBody;
export type RejectWithdrawalBody = z.input<typeof rejectWithdrawalBody>;
