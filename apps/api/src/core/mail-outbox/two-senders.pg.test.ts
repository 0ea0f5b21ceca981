import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase, queryRows, type Database } from '../../db/client.ts';
import { MAIL_BATCH_SIZE, sendDueMails } from '../../jobs/mail-sender.ts';
import { withTransaction } from '../../ledger/index.ts';
import { manualClock } from '../../lib/clock.ts';
import { createMailer, type Mailer } from '../../lib/mailer.ts';
import { createServerTestDatabase, testDatabaseUrl } from '../../testing/database.ts';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink.ts';
import { TEST_START } from '../../testing/test-clock.ts';
import { deliverMails } from './deliver-mails.ts';
import { queueMail } from './queue-mail.ts';

// Two API instances on one PostgreSQL server, each with its own pool and its own sender loop,
// and the prompt sends of the instance that wrote the mails, all racing for the same outbox rows:
// FOR UPDATE SKIP LOCKED must hand every mail to exactly one of them. PGlite has one connection
// and cannot show this.

const MAILS = 200;
const log = pino({ level: 'silent' });
const clock = manualClock(TEST_START);
let first: Database & { url: string };
let second: Database;
let sink: SmtpSink;
let mailers: Mailer[] = [];

describe.skipIf(!testDatabaseUrl)('two mail senders on one database (PostgreSQL)', () => {
  beforeAll(async () => {
    first = await createServerTestDatabase(20);
    second = await openDatabase({ databaseUrl: first.url, poolSize: 20 });
    sink = await startSmtpSink();
    mailers = [first, second].map(() =>
      createMailer({ smtpUrl: sink.url, from: 'x@example.com', logger: log }),
    );
  });
  afterAll(async () => {
    for (const mailer of mailers) mailer.close();
    await sink?.close();
    await second?.close();
    await first?.close();
  });

  it('sends each mail exactly once', async () => {
    const ids = await withTransaction(first.db, async (tx) => {
      const written: string[] = [];
      for (let index = 0; index < MAILS; index++)
        written.push(
          await queueMail(
            tx,
            { kind: 'test', to: `m${index}@example.com`, subject: `Mail ${index}`, text: 'hello' },
            clock.now(),
          ),
        );
      return written;
    });
    const [mailerA, mailerB] = mailers as [Mailer, Mailer];
    const instanceA = { database: first, mailer: mailerA, clock };
    const instanceB = { database: second, mailer: mailerB, clock };

    // Loop B claims its first batch and stays mid-send (the sink holds its answer), then loop A
    // does the same, and only then do the prompt sends start: both loops certainly hold a claim
    // while everyone else races for the rest.
    const release = sink.hold();
    const loopB = sendDueMails(instanceB, log);
    await sink.waitForHeld(1);
    const loopA = sendDueMails(instanceA, log);
    await sink.waitForHeld(2);
    // Each loop's claim took one batch, no more: a claim that re-ran its pick took all 200.
    expect(
      await queryRows(first.db, sql`select count(*)::int as n from mail_outbox where attempts > 0`),
    ).toEqual([{ n: 2 * MAIL_BATCH_SIZE }]);
    // Instance A's prompt sends of the mails it just wrote, four at a time.
    const prompt = Array.from({ length: MAILS / 4 }, (_, index) =>
      deliverMails(first.db, mailerA, clock, { ids: ids.slice(index * 4, index * 4 + 4), log }),
    );
    release();
    const [reportA, reportB, ...promptReports] = await Promise.all([loopA, loopB, ...prompt]);
    const promptSent = promptReports.reduce((sum, report) => sum + report.sent, 0);
    expect(reportA!.sent + reportB!.sent + promptSent).toBe(MAILS);
    // Both loops really took part (the race happened), and nothing failed or is left.
    expect(reportA!.sent).toBeGreaterThan(0);
    expect(reportB!.sent).toBeGreaterThan(0);

    const subjects = sink.mails.map((mail) => mail.subject);
    expect(subjects).toHaveLength(MAILS);
    expect(new Set(subjects).size).toBe(MAILS);
    expect(
      await queryRows(
        first.db,
        sql`select state, attempts, count(*)::int as n from mail_outbox group by state, attempts`,
      ),
    ).toEqual([{ state: 'sent', attempts: 1, n: MAILS }]);
  });
});
