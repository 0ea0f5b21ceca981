import { OPERATOR_INVITE_TTL_HOURS } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { queueMail } from '../../core/mail-outbox/queue-mail.ts';

/** The console's path that takes an invitation's token (apps/web config/operator-paths.ts). */
const ACCEPT_INVITE_PATH = '/operator/accept-invite';

/**
 * Writes the invitation link's mail in the invitation's transaction (sent after the commit, by
 * this instance at once or by the outbox's sender later). The link is useless once it expires, so
 * a mail still unsent by then is given up; the admin can resend the invitation.
 */
export function queueInvitationMail(
  tx: Executor,
  input: { to: string; token: string; publicUrl: string; expiresAt: Date },
  now: Date,
): Promise<string> {
  const link = new URL(ACCEPT_INVITE_PATH, input.publicUrl);
  link.searchParams.set('token', input.token);
  return queueMail(
    tx,
    {
      kind: 'operator-invitation',
      to: input.to,
      subject: 'You are invited to the operator console',
      text: `You have been invited to run the platform's operator console.\nSet your password here: ${link.href}\nThe link works once and expires in ${OPERATOR_INVITE_TTL_HOURS} hours.\nIf you did not expect this, ignore this email.`,
      sendBefore: input.expiresAt,
    },
    now,
  );
}
