import type { Executor } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/mail.ts';

/** A mail to write to the outbox; `kind` names it once its text is erased. */
export type OutboxMail = {
  kind: string;
  to: string;
  subject: string;
  text: string;
  /** The one-time code the mail carries (its check can then tell the mail never arrived). */
  otpId?: string;
  /** After this the mail is useless (its code or link expired): given up, never sent late. */
  sendBefore?: Date;
};

/**
 * Writes a mail in the caller's transaction, due at once: it is sent only if that transaction
 * commits, and then even if the SMTP server is down right now. Returns its id, for the prompt
 * send that follows the commit.
 */
export async function queueMail(tx: Executor, mail: OutboxMail, now: Date): Promise<string> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      recipient: mail.to,
      subject: mail.subject,
      body: mail.text,
      otpId: mail.otpId ?? null,
      sendBefore: mail.sendBefore ?? null,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('the outbox insert returned no row');
  return row.id;
}
