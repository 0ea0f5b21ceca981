import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { deliverMails } from './deliver-mails.ts';

/** Sends mails just committed to the outbox; returns at once, the request does not wait. */
export type PromptDelivery = (mailIds: readonly string[], log: FastifyBaseLogger) => void;

/**
 * The prompt path: right after the transaction that wrote them commits, the instance that wrote
 * the mails sends them, so a code arrives as fast as a direct send would. A failure here only
 * schedules a retry; the sender loop (jobs/mail-sender.ts) is the safety net. Sends still
 * running when the app closes are awaited, so none writes its outcome to a closed database.
 */
export function promptDelivery(app: FastifyInstance): PromptDelivery {
  const { database, mailer, clock } = app.ctx;
  const inFlight = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inFlight]);
  });
  return (mailIds, log) => {
    if (mailIds.length === 0) return;
    const sending = deliverMails(database.db, mailer, clock, { ids: mailIds, log })
      .catch((error: unknown) => log.error({ err: error }, 'could not send queued mails'))
      .finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  };
}
