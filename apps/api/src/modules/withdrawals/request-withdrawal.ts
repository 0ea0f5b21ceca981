import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  formatAmount,
  PAYOUT_ADDRESS_MISSING,
  WITHDRAWAL_DAILY_MAX_MICROS,
  WITHDRAWAL_EMAIL_UNVERIFIED,
  WITHDRAWAL_MIN_MICROS,
  WITHDRAWAL_PENDING_EXISTS,
  withdrawalDailyCapMessage,
  withdrawalFee,
  withdrawalMinimumMessage,
  type WithdrawalView,
  type WithdrawalWallet,
} from '@app/contracts';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { withdrawals } from '../../db/schema/money-flows.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import {
  findSqlState,
  InsufficientFundsError,
  placeHold,
  withTransaction,
} from '../../ledger/index.ts';
import { codeRefusal } from '../../core/mail-outbox/code-mail-failed.ts';
import { consumeOtp, otpRejected } from '../../core/otp.ts';
import { notifyMember } from '../../core/notifications.ts';
import { memberAccountIds } from '../../core/account-ids.ts';
import { businessDaySql, loadCurrentPlan, type Plan } from '../../core/plan.ts';
import { withdrawalOtpBinding } from '../../core/otp-bindings.ts';
import { toWithdrawalView, WITHDRAWAL_TOPIC } from './views.ts';
import { sessionExpired } from '../../core/sessions/session-policy.ts';
import { refuseWhileHeld } from '../../core/withdrawal-hold.ts';
import { refuseUnverifiedWithdrawal } from '../../core/verification-gate.ts';

const UNIQUE_VIOLATION = '23505';

export type WithdrawalRequest = {
  memberId: string;
  wallet: WithdrawalWallet;
  /** Micro-dollars, already parsed exactly. */
  amount: bigint;
  otp: string;
};

/**
 * POST safe/withdrawal. The checks run in an order that tells nothing to someone without the
 * code: first what the member can see on their profile anyway (verified email, saved address),
 * then the code, and only after a correct code the state that depends on money (pending
 * request, daily cap, available balance). A wrong code commits its counted attempt and nothing
 * else; any later refusal rolls the whole transaction back, the code included, so a correct
 * code is consumed only by the withdrawal it approved.
 */
export async function requestWithdrawal(
  db: Db,
  input: WithdrawalRequest,
  now: Date,
): Promise<WithdrawalView> {
  if (input.amount < WITHDRAWAL_MIN_MICROS) throw fieldError('amount', withdrawalMinimumMessage);
  await refuseWhileHeld(db, input.memberId, now);
  await refuseUnverifiedWithdrawal(db, input.memberId, input.amount);
  const plan = await loadCurrentPlan(db);
  const placed = await withTransaction(db, async (tx) => {
    const address = await payoutAddressOf(tx, input.memberId);
    const check = await consumeOtp(tx, {
      memberId: input.memberId,
      purpose: 'withdrawal',
      code: input.otp,
      binding: withdrawalOtpBinding(input.wallet, input.amount, address),
      now,
    });
    if (check !== 'ok') return null;
    return placeWithdrawal(db, tx, { ...input, address }, plan, now);
  });
  if (!placed) throw await codeRefusal(db, input.memberId, 'withdrawal', otpRejected);
  return placed;
}

/** The saved payout address of a member whose email is verified; refuses otherwise. */
async function payoutAddressOf(tx: Tx, memberId: string): Promise<string> {
  const [member] = await queryRows<{ verified: boolean; payout_address: string | null }>(
    tx,
    sql`select email_verified_at is not null as verified, payout_address from members where id = ${memberId}`,
  );
  if (!member) throw sessionExpired();
  if (!member.verified) throw new AppError('CONFLICT', WITHDRAWAL_EMAIL_UNVERIFIED);
  if (!member.payout_address) throw new AppError('CONFLICT', PAYOUT_ADDRESS_MISSING);
  return member.payout_address;
}

export type ApprovedWithdrawal = Omit<WithdrawalRequest, 'otp'> & { address: string };

/**
 * Holds the amount and records the pending withdrawal, once its code is accepted. Nothing is
 * locked up front: two requests of one member cannot both end pending (the unique index
 * withdrawals_one_pending_key), and the ledger's conditional update refuses to hold more than
 * is available. With at most one pending request, the daily sum read here cannot be raced past.
 */
export async function placeWithdrawal(
  db: Db,
  tx: Tx,
  input: ApprovedWithdrawal,
  plan: Plan,
  now: Date,
): Promise<WithdrawalView> {
  const today = businessDaySql(now, plan.settings.timeZone);
  const [state] = await queryRows<{ pending: boolean; today: string }>(
    tx,
    sql`
    select exists (
        select 1 from withdrawals where member_id = ${input.memberId} and status = 'pending'
      ) as pending,
      (select coalesce(sum(amount), 0) from withdrawals
        where member_id = ${input.memberId} and business_day = ${today}
          and status in ('pending', 'paid'))::text as today`,
  );
  if (state?.pending) throw pendingExists();
  const remaining = WITHDRAWAL_DAILY_MAX_MICROS - BigInt(state?.today ?? '0');
  if (input.amount > remaining)
    throw fieldError('amount', withdrawalDailyCapMessage(remaining > 0n ? remaining : 0n));

  const id = randomUUID();
  const wallets = await memberAccountIds(db, tx, input.memberId);
  const { hold } = await placeHold(tx, {
    accountId: wallets[input.wallet],
    amount: input.amount,
    reference: `withdrawal:${id}`,
    now,
  }).catch((error: unknown) => {
    if (error instanceof InsufficientFundsError)
      throw new AppError('INSUFFICIENT_FUNDS', `Insufficient balance in ${input.wallet} wallet`);
    throw error;
  });
  const { fee, net } = withdrawalFee(input.amount);
  const [row] = await tx
    .insert(withdrawals)
    .values({
      id,
      memberId: input.memberId,
      wallet: input.wallet,
      amount: input.amount,
      fee,
      netAmount: net,
      address: input.address,
      businessDay: sql`${today}`,
      holdId: hold.id,
      createdAt: now,
    })
    .returning()
    .catch((error: unknown) => {
      // Only the one-pending index can collide: the id and the hold are new.
      if (findSqlState(error) === UNIQUE_VIOLATION) throw pendingExists();
      throw error;
    });
  if (!row) throw new Error(`withdrawal ${id} was not written`);
  await notifyMember(
    tx,
    input.memberId,
    `Withdrawal of ${formatAmount(input.amount)} requested`,
    now,
    WITHDRAWAL_TOPIC,
  );
  return toWithdrawalView(row);
}

const pendingExists = () => new AppError('CONFLICT', WITHDRAWAL_PENDING_EXISTS);
