import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { TICKET_AUTHORS } from '@app/contracts';
import { createdAt, instant, oneOf } from './columns.ts';
import { memberFiles } from './member-files.ts';
import { operators } from './operators.ts';
import { tickets } from './support.ts';

// What support works with beside the tickets themselves (decision 0056): the saved answers it
// inserts into a reply, its internal notes on a ticket (no member route reads either table),
// and the images member and support attach to a ticket's thread.

/** Saved answers (title and text) that support inserts into an answer and edits before sending. */
export const ticketCannedReplies = pgTable(
  'ticket_canned_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    /** Who wrote or last changed it. */
    updatedBy: uuid('updated_by')
      .notNull()
      .references(() => operators.id),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    // Two replies titled alike would be told apart only by reading them: one title, one reply.
    uniqueIndex('ticket_canned_replies_title_key').on(sql`lower(${t.title})`),
    check('ticket_canned_replies_title_length', sql`char_length(${t.title}) between 1 and 80`),
    check('ticket_canned_replies_text_length', sql`char_length(${t.text}) between 1 and 5000`),
  ],
);

/**
 * Operators' internal notes on a ticket: append-only (the request role may not update or delete
 * them, db/roles/request-role-grants.sql), never in a member's answer, notification or mail.
 */
export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_notes_ticket_idx').on(t.ticketId, t.createdAt, t.id),
    check('ticket_notes_length', sql`char_length(${t.text}) between 1 and 2000`),
  ],
);

/**
 * An image in a ticket's thread, sent by the member or by support. The bytes live sealed in the
 * member file store (purpose 'ticket', under the ticket's member whoever sent them), read back
 * only through the session-checked routes of the ticket's member and of operators.
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => memberFiles.id),
    author: text('author', { enum: TICKET_AUTHORS }).notNull(),
    /** The operator who attached it; null on a member's image. */
    operatorId: uuid('operator_id').references(() => operators.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ticket_attachments_file_key').on(t.fileId),
    index('ticket_attachments_ticket_idx').on(t.ticketId, t.createdAt, t.id),
    check('ticket_attachments_author_known', sql`${t.author} in ${oneOf(TICKET_AUTHORS)}`),
    check(
      'ticket_attachments_author',
      sql`(${t.author} = 'operator') = (${t.operatorId} is not null)`,
    ),
  ],
);
