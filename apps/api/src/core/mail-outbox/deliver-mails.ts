import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { CLAIM_LEASE_MS, nextAttemptAt } from './backoff.ts';

type Claimed = {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
  send_before: string | Date | null;
};

export type DeliveryReport = { sent: number; retrying: number; failed: number };

export type DeliveryOptions = {
  /** Only these mails (the prompt send after a commit); otherwise any due mail. */
  ids?: readonly string[];
  /** Mails claimed at most (one claim, one batch). */
  limit?: number;
  log: Pick<Logger, 'warn' | 'error'>;
};

/** Sent (or given up) mails lose their text: it holds codes and links nobody needs any more. */
const ERASED = sql`subject = null, body = null`;

/**
 * Claims due mails and sends them one by one. The claim is one statement: rows locked with
 * FOR UPDATE SKIP LOCKED (a concurrent sender skips them instead of waiting) get an attempt
 * counted and are leased for CLAIM_LEASE_MS, so no other sender takes them while this one sends.
 * Each outcome is recorded only if the row still holds this claim's attempt.
 */
export async function deliverMails(
  db: Db,
  mailer: Mailer,
  clock: Clock,
  options: DeliveryOptions,
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  if (options.ids?.length === 0) return report;
  const claimed = await claim(db, clock.now(), options);
  // Mails named by id go in the order named (a registration's code before its welcome mail).
  if (options.ids) {
    const order = options.ids;
    claimed.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  }
  for (const mail of claimed) {
    const sendBefore = mail.send_before === null ? null : new Date(mail.send_before);
    if (sendBefore && sendBefore <= clock.now()) {
      await giveUp(db, mail, 'expired before it could be sent', clock.now());
      options.log.error({ mailId: mail.id, kind: mail.kind }, 'mail given up: it expired unsent');
      report.failed += 1;
      continue;
    }
    try {
      await mailer.send({ to: mail.recipient, subject: mail.subject, text: mail.body });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const now = clock.now();
      const next = nextAttemptAt(mail.attempts, now, sendBefore);
      if (next) {
        await record(db, mail, sql`next_attempt_at = ${next}, last_error = ${message}`);
        options.log.warn(
          {
            mailId: mail.id,
            kind: mail.kind,
            attempts: mail.attempts,
            retryAt: next,
            error: message,
          },
          'mail not sent; it will be retried',
        );
        report.retrying += 1;
      } else {
        await giveUp(db, mail, message, now);
        options.log.error(
          { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, error: message },
          'mail given up after its last attempt',
        );
        report.failed += 1;
      }
      continue;
    }
    await record(
      db,
      mail,
      sql`state = 'sent', sent_at = ${clock.now()}, last_error = null, ${ERASED}`,
    );
    report.sent += 1;
  }
  return report;
}

async function claim(db: Db, now: Date, options: DeliveryOptions): Promise<Claimed[]> {
  const only = options.ids
    ? sql`and id in (${sql.join(
        options.ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const leasedUntil = new Date(now.getTime() + CLAIM_LEASE_MS);
  return queryRows<Claimed>(
    db,
    // The pick is a materialized CTE, evaluated once. As `id in (select … limit … skip locked)`
    // the sub-select may be re-run (a rescan, or a recheck after a concurrent update), each run
    // skipping other rows: one claim then took all 200 mails of a test instead of its 20.
    sql`with picked as materialized (
          select id from mail_outbox
           where state = 'pending' and next_attempt_at <= ${now} ${only}
           order by next_attempt_at
           limit ${options.limit ?? 50}
           for update skip locked)
        update mail_outbox m set attempts = m.attempts + 1, next_attempt_at = ${leasedUntil}
          from picked where m.id = picked.id
        returning m.id, m.kind, m.recipient, m.subject, m.body, m.attempts, m.send_before`,
  );
}

const giveUp = (db: Db, mail: Claimed, error: string, now: Date) =>
  record(db, mail, sql`state = 'failed', failed_at = ${now}, last_error = ${error}, ${ERASED}`);

/** Writes an outcome unless the claim was lost (its lease ran out and another sender took it). */
async function record(db: Db, mail: Claimed, changes: SQL): Promise<void> {
  await db.execute(
    sql`update mail_outbox set ${changes}
         where id = ${mail.id} and attempts = ${mail.attempts} and state = 'pending'`,
  );
}
