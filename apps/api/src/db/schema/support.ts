import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { OPERATOR_ROLES, TICKET_AUTHORS, TICKET_CATEGORIES, TICKET_STATUSES } from '@app/contracts';
import { createdAt, instant, oneOf } from './columns.ts';
import { members } from './members.ts';
import { operators } from './operators.ts';

// Support tickets, the operators' own notification feed and the devices a member has signed in
// from. Lengths and states are checked here as well as in the contracts: a row no client could
// have sent (an operator tool, a bad migration) is refused by the database too.

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The short number members and operators quote ("ticket #1042"); the id stays opaque. */
    number: bigserial('number', { mode: 'number' }).notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    subject: text('subject').notNull(),
    category: text('category', { enum: TICKET_CATEGORIES }).notNull(),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('open'),
    /** Who wrote last: the inbox sorts what waits for an answer from this. */
    lastAuthor: text('last_author', { enum: TICKET_AUTHORS }).notNull().default('member'),
    createdAt: createdAt(),
    /** Last activity: a message, or the close. */
    updatedAt: instant('updated_at').notNull(),
    closedAt: instant('closed_at'),
    /** The operator who has taken the ticket on (decision 0056); null while nobody has. */
    assignedOperatorId: uuid('assigned_operator_id').references(() => operators.id),
  },
  (t) => [
    uniqueIndex('tickets_number_key').on(t.number),
    index('tickets_member_idx').on(t.memberId, t.updatedAt.desc(), t.id),
    index('tickets_status_idx').on(t.status, t.updatedAt, t.id),
    index('tickets_assignee_idx').on(t.assignedOperatorId, t.status, t.updatedAt),
    check('tickets_subject_length', sql`char_length(${t.subject}) between 3 and 120`),
    check('tickets_category_known', sql`${t.category} in ${oneOf(TICKET_CATEGORIES)}`),
    check('tickets_status_known', sql`${t.status} in ${oneOf(TICKET_STATUSES)}`),
    check('tickets_closed_at', sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`),
  ],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id),
    author: text('author', { enum: TICKET_AUTHORS }).notNull(),
    /** The operator who answered; null on a member's message. */
    operatorId: uuid('operator_id').references(() => operators.id),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt, t.id),
    check('ticket_messages_length', sql`char_length(${t.message}) between 1 and 5000`),
    check(
      'ticket_messages_author',
      sql`(${t.author} = 'operator') = (${t.operatorId} is not null)`,
    ),
  ],
);

/**
 * What operators of a role should know about (a new ticket, a member's reply). One row per event
 * for the whole role, not per operator: each operator keeps only how far they have read.
 */
export const operatorNotifications = pgTable(
  'operator_notifications',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    audience: text('audience', { enum: OPERATOR_ROLES }).notNull(),
    message: text('message').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('operator_notifications_audience_idx').on(t.audience, t.id),
    check('operator_notifications_audience_known', sql`${t.audience} in ${oneOf(OPERATOR_ROLES)}`),
  ],
);

export const operatorNotificationReads = pgTable('operator_notification_reads', {
  operatorId: uuid('operator_id')
    .primaryKey()
    .references(() => operators.id),
  /** Every notification with an id up to this one is read. */
  lastReadId: bigint('last_read_id', { mode: 'bigint' }).notNull(),
});

/**
 * The devices (browser user agents, hashed) a member has signed in from: a sign-in from one not
 * seen before is told to the member as a security notification.
 */
export const memberDevices = pgTable(
  'member_devices',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    /** SHA-256 of the user agent: enough to recognise a device, nothing readable kept. */
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: instant('first_seen_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.deviceHash] })],
);
