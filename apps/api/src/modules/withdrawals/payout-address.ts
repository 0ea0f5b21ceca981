import { eq, sql } from 'drizzle-orm';
import { usdtNetwork, type PayoutAddressData, type UsdtNetwork } from '@app/contracts';
import { queryRows, type Db, type Executor } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { withTransaction } from '../../ledger/index.ts';
import { codeRefusal } from '../../core/mail-outbox/code-mail-failed.ts';
import { consumeOtp, otpRejected } from '../../core/otp.ts';
import { notifySecurity } from '../../core/security-notices.ts';
import { holdSentence, startWithdrawalHold } from '../../core/withdrawal-hold.ts';
import { payoutAddressOtpBinding } from '../../core/otp-bindings.ts';
import { sessionExpired } from '../../core/sessions/session-policy.ts';
import { queueAddressChangedMail } from './mails.ts';

// The member's USDT payout address (PUT auth/update-address, GET auth/address). Every withdrawal
// is paid to the address saved when it was requested; changing it needs a code mailed for
// exactly the new address, and the member is told by notification and by email.

const payoutAddressView = (address: string | null): PayoutAddressData => ({
  address,
  network: address ? usdtNetwork(address) : null,
});

export async function getPayoutAddress(db: Executor, memberId: string): Promise<PayoutAddressData> {
  const [member] = await db
    .select({ address: members.payoutAddress })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) throw sessionExpired();
  return payoutAddressView(member.address);
}

export type AddressChange = {
  address: string;
  network: UsdtNetwork | null;
  /** The change notice's mail, written with the change, to send once committed. */
  mailId: string;
  previous: string | null;
};

/**
 * Saves a new payout address (already validated and normalised) if `otp` is the live
 * payout-address code mailed for exactly this address. Like email verification, a wrong code's
 * counted attempt is committed; any wrong, used, expired or differently bound code answers the
 * same 400 (a code whose mail was given up says so instead).
 */
export async function changePayoutAddress(
  db: Db,
  input: { memberId: string; address: string; otp: string },
  now: Date,
): Promise<AddressChange> {
  const change = await withTransaction(db, async (tx) => {
    const check = await consumeOtp(tx, {
      memberId: input.memberId,
      purpose: 'payout-address',
      code: input.otp,
      binding: payoutAddressOtpBinding(input.address),
      now,
    });
    if (check !== 'ok') return null;
    // The old value is read under the row lock the update takes, so it is the one replaced.
    const [row] = await queryRows<{ email: string; previous: string | null }>(
      tx,
      sql`
      update members m set payout_address = ${input.address}
      from (select id, payout_address from members where id = ${input.memberId} for update) old
      where m.id = old.id
      returning m.email, old.payout_address as previous`,
    );
    if (!row) throw sessionExpired();
    // Setting a first address moves no one's money elsewhere: only a change starts a hold.
    const heldUntil = row.previous ? await startWithdrawalHold(tx, input.memberId, now) : null;
    await notifySecurity(
      tx,
      input.memberId,
      (row.previous
        ? `Your payout address was changed from ${row.previous} to ${input.address}`
        : `Your payout address was set to ${input.address}`) +
        (heldUntil ? `.${holdSentence(heldUntil)}` : ''),
      now,
    );
    const mailId = await queueAddressChangedMail(tx, row.email, input.address, now, heldUntil);
    return { previous: row.previous, mailId };
  });
  if (!change) throw await codeRefusal(db, input.memberId, 'payout-address', otpRejected);
  return { address: input.address, network: usdtNetwork(input.address), ...change };
}
