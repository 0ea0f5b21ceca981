import type { Logger } from 'pino';
import type { AppContext } from '../app-context.ts';
import { deliverMails, type DeliveryReport } from '../core/mail-outbox/deliver-mails.ts';

/** Mails claimed per statement: a short claim, and a stuck SMTP server holds few of them. */
export const MAIL_BATCH_SIZE = 20;

/**
 * The outbox's safety net (decision 0035): sends every due mail, batch after batch, until none
 * is left or the scheduler stops. Mails are sent promptly by the instance that wrote them; this
 * finds the ones whose prompt send failed (retries after their backoff) or never ran (the
 * instance stopped between the commit and the send). Any number of instances may run it: each
 * batch is claimed with FOR UPDATE SKIP LOCKED, so no two senders take the same mail.
 */
export async function sendDueMails(
  ctx: Pick<AppContext, 'database' | 'mailer' | 'clock'>,
  logger: Logger,
  signal?: AbortSignal,
): Promise<DeliveryReport> {
  const total: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  while (!signal?.aborted) {
    const report = await deliverMails(ctx.database.db, ctx.mailer, ctx.clock, {
      limit: MAIL_BATCH_SIZE,
      log: logger,
    });
    total.sent += report.sent;
    total.retrying += report.retrying;
    total.failed += report.failed;
    if (report.sent + report.retrying + report.failed < MAIL_BATCH_SIZE) break;
  }
  return total;
}
