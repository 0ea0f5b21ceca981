import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { queryRows } from '../../db/client.ts';
import { withTransaction } from '../../ledger/index.ts';
import { createMailer } from '../../lib/mailer.ts';
import { startSmtpSink } from '../../testing/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from './backoff.ts';
import { deliverMails } from './deliver-mails.ts';
import { queueMail } from './queue-mail.ts';

// The outbox on its own: what a transaction writes is sent only if it commits, a down SMTP server
// delays a mail through the backoff (moved on the test clock) instead of losing it, and the last
// failure gives up with an error that names no credential.

let t: TestApp;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Row = {
  state: string;
  attempts: number;
  subject: string | null;
  body: string | null;
  last_error: string | null;
  next_attempt_at: Date;
};

async function rowOf(id: string): Promise<Row | undefined> {
  const [row] = await queryRows<Row>(
    t.ctx.database.db,
    sql`select state, attempts, subject, body, last_error, next_attempt_at
          from mail_outbox where id = ${id}`,
  );
  return row && { ...row, next_attempt_at: new Date(row.next_attempt_at) };
}

const queue = (subject: string, to = 'someone@example.com') =>
  withTransaction(t.ctx.database.db, (tx) =>
    queueMail(tx, { kind: 'test', to, subject, text: `${subject}, the text` }, t.clock.now()),
  );

/** A port with no SMTP server behind it (a sink opened, then closed), to bring back later. */
async function downPort(): Promise<number> {
  const sink = await startSmtpSink();
  const port = Number(new URL(sink.url).port);
  await sink.close();
  return port;
}

describe('the mail outbox', () => {
  it('never sends the mail of a transaction that rolled back', async () => {
    let queued = '';
    await expect(
      withTransaction(t.ctx.database.db, async (tx) => {
        queued = await queueMail(
          tx,
          { kind: 'test', to: 'rolled@example.com', subject: 'Rolled back', text: 'never' },
          t.clock.now(),
        );
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(queued).not.toBe('');
    expect(await rowOf(queued)).toBeUndefined();

    const committed = await queue('Committed');
    expect(await deliverMails(t.ctx.database.db, t.ctx.mailer, t.clock, { log })).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
    });
    await t.smtp.waitFor((mail) => mail.subject === 'Committed');
    expect(t.smtp.mails.map((mail) => mail.subject)).not.toContain('Rolled back');
    // Sent: its text (codes, links) is erased; it is not sent again.
    expect(await rowOf(committed)).toMatchObject({ state: 'sent', subject: null, body: null });
    expect(await deliverMails(t.ctx.database.db, t.ctx.mailer, t.clock, { log })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
  });

  it('retries a mail with backoff while SMTP is down and sends it once it is back', async () => {
    const port = await downPort();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'x@example.com',
      logger: log,
    });
    const deliver = () => deliverMails(t.ctx.database.db, mailer, t.clock, { log });
    try {
      const id = await queue('Delayed, not lost');
      const start = t.clock.now().getTime();

      expect(await deliver()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      const first = await rowOf(id);
      expect(first).toMatchObject({ state: 'pending', attempts: 1 });
      expect(first?.last_error).toMatch(/ECONNREFUSED/);
      expect(first?.next_attempt_at.getTime()).toBe(start + RETRY_DELAYS_MS[0]);

      // Not due yet: nothing is tried before its backoff has passed.
      t.clock.advance(RETRY_DELAYS_MS[0] - 1);
      expect(await deliver()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      t.clock.advance(1);
      expect(await deliver()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      expect((await rowOf(id))?.next_attempt_at.getTime()).toBe(
        t.clock.now().getTime() + RETRY_DELAYS_MS[1],
      );

      const sink = await startSmtpSink(port);
      try {
        t.clock.advance(RETRY_DELAYS_MS[1]);
        expect(await deliver()).toEqual({ sent: 1, retrying: 0, failed: 0 });
        await sink.waitFor((mail) => mail.subject === 'Delayed, not lost');
        expect(await rowOf(id)).toMatchObject({ state: 'sent', attempts: 3, last_error: null });
        t.clock.advance(RETRY_DELAYS_MS[2]);
        expect(await deliver()).toEqual({ sent: 0, retrying: 0, failed: 0 });
        expect(sink.mails).toHaveLength(1);
      } finally {
        await sink.close();
      }
    } finally {
      mailer.close();
    }
  });

  it('gives up after the last attempt, keeping an error without the SMTP credentials', async () => {
    const port = await downPort();
    const mailer = createMailer({
      smtpUrl: `smtp://mailuser:S3cret-Pass@127.0.0.1:${port}`,
      from: 'x@example.com',
      logger: log,
    });
    try {
      const id = await queue('Never arrives');
      const outcomes = [];
      for (const delay of [...RETRY_DELAYS_MS, null]) {
        outcomes.push(await deliverMails(t.ctx.database.db, mailer, t.clock, { log }));
        if (delay !== null) t.clock.advance(delay);
      }
      expect(outcomes.map((outcome) => outcome.retrying)).toEqual([
        ...RETRY_DELAYS_MS.map(() => 1),
        0,
      ]);
      expect(outcomes.at(-1)).toEqual({ sent: 0, retrying: 0, failed: 1 });
      const row = await rowOf(id);
      expect(row).toMatchObject({
        state: 'failed',
        attempts: MAX_ATTEMPTS,
        subject: null,
        body: null,
      });
      expect(row?.last_error).toMatch(/ECONNREFUSED/);
      expect(row?.last_error).not.toMatch(/S3cret|mailuser/);
      // Failed for good: no sender takes it again.
      t.clock.advance(RETRY_DELAYS_MS.at(-1)!);
      expect(await deliverMails(t.ctx.database.db, mailer, t.clock, { log })).toEqual({
        sent: 0,
        retrying: 0,
        failed: 0,
      });
    } finally {
      mailer.close();
    }
  });

  it('gives up a mail that outlived its use instead of sending it late', async () => {
    const port = await downPort();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'x@example.com',
      logger: log,
    });
    try {
      const sendBefore = new Date(t.clock.now().getTime() + 60_000);
      const id = await withTransaction(t.ctx.database.db, (tx) =>
        queueMail(
          tx,
          { kind: 'test', to: 'late@example.com', subject: 'Too late', text: 'a code', sendBefore },
          t.clock.now(),
        ),
      );
      // Attempts at 0 and 5 s fail; the next would come at 35 s, then at 2 min 35 s: after the
      // mail stopped being useful, so the third failure gives it up.
      const outcomes = [];
      for (const delay of [RETRY_DELAYS_MS[0], RETRY_DELAYS_MS[1], 0]) {
        outcomes.push(await deliverMails(t.ctx.database.db, mailer, t.clock, { log }));
        t.clock.advance(delay);
      }
      expect(outcomes.map((outcome) => outcome.failed)).toEqual([0, 0, 1]);
      expect(await rowOf(id)).toMatchObject({ state: 'failed', attempts: 3, body: null });
    } finally {
      mailer.close();
    }
  });
});
