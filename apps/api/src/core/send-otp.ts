import { sql } from 'drizzle-orm';
import {
  PAYOUT_ADDRESS_MISSING,
  WITHDRAWAL_EMAIL_UNVERIFIED,
  type WithdrawalWallet,
} from '@app/contracts';
import { queryRows, type Db, type Executor } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { withTransaction } from '../ledger/index.ts';
import { payoutAddressOtpBinding, withdrawalOtpBinding } from './otp-bindings.ts';
import { issueOtp, lastOtpIssuedAt, OTP_RESEND_INTERVAL_MS } from './otp.ts';
import { sessionExpired } from './sessions/session-policy.ts';
import { refuseUnverifiedWithdrawal } from './verification-gate.ts';

/** The code's mail, written with it, to send once committed; the address as the member sees it. */
export type SentOtp = { mailId: string; maskedEmail: string };

/** What the member asks a code for; a withdrawal's amount is in micro-dollars. */
export type OtpRequest =
  | { purpose: 'verify-email' }
  | { purpose: 'withdrawal'; wallet: WithdrawalWallet; amount: bigint }
  | { purpose: 'payout-address'; address: string };

type Recipient = { email: string; verified: boolean; payoutAddress: string | null };

/**
 * Issues a code for a member (signed in, or named by an operator's resend), bound to what it will approve: a withdrawal code to
 * its wallet, amount and the member's saved payout address; a payout-address code to the new
 * address. Codes that could never be used are refused before any is mailed. The code's mail is
 * written with it; the caller sends it after the commit (core/mail-outbox/prompt-delivery.ts).
 */
export async function sendOtp(
  db: Db,
  memberId: string,
  request: OtpRequest,
  now: Date,
  /** Written with the code or not at all: an operator's resend records its audit row here. */
  alsoInTransaction?: (tx: Executor) => Promise<void>,
): Promise<SentOtp> {
  const result = await queryRows<{
    email: string;
    email_verified_at: unknown;
    payout_address: string | null;
  }>(db, sql`select email, email_verified_at, payout_address from members where id = ${memberId}`);
  const row = result[0];
  if (!row) throw sessionExpired();
  const member = {
    email: row.email,
    verified: row.email_verified_at != null,
    payoutAddress: row.payout_address,
  };
  const binding = bindingFor(member, request);
  // A withdrawal that needs a verified identity first gets no code: the member hears it now,
  // not after fetching the code from their mail (the withdrawal checks it again).
  if (request.purpose === 'withdrawal')
    await refuseUnverifiedWithdrawal(db, memberId, request.amount);
  const last = await lastOtpIssuedAt(db, memberId, request.purpose);
  const waitMs = last ? last.getTime() + OTP_RESEND_INTERVAL_MS - now.getTime() : 0;
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new AppError(
      'RATE_LIMITED',
      `Please wait ${seconds} seconds before asking for a new code`,
      {
        'retry-after': String(seconds),
      },
    );
  }
  const { mailId } = await withTransaction(db, async (tx) => {
    const issued = await issueOtp(tx, {
      memberId,
      email: member.email,
      purpose: request.purpose,
      binding,
      now,
    });
    await alsoInTransaction?.(tx);
    return issued;
  });
  return { mailId, maskedEmail: maskEmail(member.email) };
}

function bindingFor(member: Recipient, request: OtpRequest): string | undefined {
  switch (request.purpose) {
    case 'verify-email':
      if (member.verified) throw new AppError('CONFLICT', 'Email is already verified');
      return undefined;
    case 'withdrawal':
      if (!member.verified) throw new AppError('CONFLICT', WITHDRAWAL_EMAIL_UNVERIFIED);
      if (!member.payoutAddress) throw new AppError('CONFLICT', PAYOUT_ADDRESS_MISSING);
      return withdrawalOtpBinding(request.wallet, request.amount, member.payoutAddress);
    case 'payout-address':
      return payoutAddressOtpBinding(request.address);
  }
}

/** a****e@example.com: enough for the member to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const visible =
    local.length <= 2
      ? local.slice(0, 1)
      : `${local[0]}${'*'.repeat(Math.min(local.length - 2, 6))}${local.at(-1)}`;
  return `${visible}@${domain}`;
}
