import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns.ts';
import { operators } from './operators.ts';
import { tickets } from './support.ts';

// What support works with beside the tickets themselves (decision 0056): the saved answers it
// inserts into a reply, and its internal notes on a ticket. No member route reads either table.

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
