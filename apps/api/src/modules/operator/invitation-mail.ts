import type { FastifyBaseLogger } from 'fastify';
import { OPERATOR_INVITE_TTL_HOURS } from '@app/contracts';
import type { Mailer } from '../../lib/mailer.ts';

/** The console's path that takes an invitation's token (apps/web config/operator-paths.ts). */
const ACCEPT_INVITE_PATH = '/operator/accept-invite';

/**
 * Mails the invitation link after its transaction committed. A failed send is logged (never
 * with the link) and the admin can resend the invitation.
 */
export function mailInvitation(
  mailer: Mailer,
  log: FastifyBaseLogger,
  input: { to: string; token: string; publicUrl: string },
): void {
  const link = new URL(ACCEPT_INVITE_PATH, input.publicUrl);
  link.searchParams.set('token', input.token);
  mailer
    .send({
      to: input.to,
      subject: 'You are invited to the operator console',
      text: `You have been invited to run the platform's operator console.\nSet your password here: ${link.href}\nThe link works once and expires in ${OPERATOR_INVITE_TTL_HOURS} hours.\nIf you did not expect this, ignore this email.`,
    })
    .catch((error: unknown) =>
      log.error({ err: error, to: input.to }, 'could not send operator invitation'),
    );
}
