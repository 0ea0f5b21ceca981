import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns.ts';
import { members } from './members.ts';

// The mail outbox (decision 0035): every mail is a row written in the transaction of the event
// it tells about, so a rolled-back event sends nothing and a committed one is not lost when the
// SMTP server is down. Senders claim due rows, send them and record how it went.

export const MAIL_STATES = ['pending', 'sent', 'failed'] as const;

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the mail is (`code:verify-email`, `security-notice`...): kept once the text is erased. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    /** Subject and text hold codes and links: erased (null) once the mail is sent or given up. */
    subject: text('subject'),
    body: text('body'),
    /** The one-time code this mail carries, so a code's check can tell it never arrived. */
    otpId: uuid('otp_id'),
    state: text('state', { enum: MAIL_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a sender may take it next: now, after a failure's backoff, or after a claim's lease. */
    nextAttemptAt: instant('next_attempt_at').notNull(),
    /** A mail useless after this (its code or link expired) is given up rather than sent late. */
    sendBefore: instant('send_before'),
    /** The last failure, as the SMTP client said it, without credentials. */
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
    failedAt: instant('failed_at'),
  },
  (t) => [
    // The senders' claim reads only the waiting rows, oldest due first.
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('mail_outbox_otp_idx')
      .on(t.otpId)
      .where(sql`${t.otpId} is not null`),
    // The retention run's windows and the console's count of failures.
    index('mail_outbox_sent_at_idx').on(t.sentAt),
    index('mail_outbox_failed_at_idx').on(t.failedAt),
    check('mail_outbox_attempts_range', sql`${t.attempts} >= 0`),
    check('mail_outbox_state', sql`${t.state} in ('pending', 'sent', 'failed')`),
  ],
);

// Decision 0053: the mails a member may turn off, one row per kind they changed (no row: on).
// Security notices, codes and the welcome mail have no row here: they always go.
export const memberMailPreferences = pgTable(
  'member_mail_preferences',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind] })],
);

/**
 * A mail that must go at most once, whoever notices its event and however often: the run that
 * writes it inserts its key first (`package-ended:<package>`, `income-digest:<member>:<day>`) in
 * the same transaction, and a key already there means the mail was written already.
 */
export const mailOnceKeys = pgTable(
  'mail_once_keys',
  {
    key: text('key').primaryKey(),
    createdAt: createdAt(),
  },
  // The retention run deletes the keys no run can ask about any more, by age.
  (t) => [index('mail_once_keys_created_idx').on(t.createdAt)],
);
