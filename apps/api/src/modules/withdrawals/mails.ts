import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../lib/mailer.ts';

/**
 * Tells the member by email that their payout address changed, after the change committed: if
 * someone else changed it, this is how the member finds out before a withdrawal goes there. A
 * failed send is logged, not turned into a failed request (the change is saved).
 */
export function mailPayoutAddressChanged(
  mailer: Mailer,
  log: FastifyBaseLogger,
  to: string,
  address: string,
): void {
  mailer
    .send({
      to,
      subject: 'Your payout address was changed',
      text: `Your payout address was changed to ${address}.\nWithdrawals you request from now on are paid to this address.\nIf you did not make this change, contact support at once.`,
    })
    .catch((error: unknown) => log.error({ err: error, to }, 'could not send address-change mail'));
}
