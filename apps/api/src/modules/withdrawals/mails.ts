import type { Executor } from '../../db/client.ts';
import { queueMail } from '../../core/mail-outbox/queue-mail.ts';
import { holdLine } from '../../core/member-mails.ts';

/**
 * Tells the member by email that their payout address changed: if someone else changed it, this
 * is how the member finds out before a withdrawal goes there. Written in the change's
 * transaction, so the mail goes out exactly when the change is saved, SMTP down or not.
 */
export function queueAddressChangedMail(
  tx: Executor,
  to: string,
  address: string,
  now: Date,
  heldUntil: Date | null = null,
): Promise<string> {
  return queueMail(
    tx,
    {
      kind: 'payout-address-changed',
      to,
      subject: 'Your payout address was changed',
      text: `Your payout address was changed to ${address}.\nWithdrawals you request from now on are paid to this address.${heldUntil ? `\n${holdLine(heldUntil)}` : ''}\nIf you did not make this change, contact support at once.`,
    },
    now,
  );
}
