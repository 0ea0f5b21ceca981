import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { members } from './members.ts';
import { operators } from './operators.ts';

/**
 * Operators' internal notes on a member (decision 0054): append-only (the request role may not
 * update or delete them, db/roles/request-role-grants.sql) and never shown to the member.
 */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('member_notes_member_idx').on(t.memberId, t.createdAt)],
);
