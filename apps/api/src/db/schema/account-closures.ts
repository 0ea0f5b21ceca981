import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CLOSURE_STATUSES } from '@app/contracts';
import { instant, oneOf } from './columns.ts';
import { members } from './members.ts';
import { operators } from './operators.ts';

/**
 * A member's request to close their account (decision 0060): `pending` until the member cancels
 * it or an operator refuses (with the reason the member reads) or confirms it. A confirmed one
 * is what makes the member `closed` (a trigger on members checks it, db/functions/members), and
 * `erased_at` records when the retention run erased the member's personal data after it.
 */
export const accountClosures = pgTable(
  'account_closures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    status: text('status', { enum: CLOSURE_STATUSES }).notNull().default('pending'),
    requestedAt: instant('requested_at').notNull(),
    /** When it was cancelled, refused or confirmed. */
    decidedAt: instant('decided_at'),
    /** The operator who refused or confirmed; null while pending and when the member cancelled. */
    decidedBy: uuid('decided_by').references(() => operators.id),
    refusalReason: text('refusal_reason'),
    erasedAt: instant('erased_at'),
  },
  (t) => [
    check('account_closures_status_known', sql`${t.status} in ${oneOf(CLOSURE_STATUSES)}`),
    check('account_closures_decided', sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
    check(
      'account_closures_decided_by',
      sql`${t.status} not in ('refused', 'confirmed') or ${t.decidedBy} is not null`,
    ),
    check(
      'account_closures_refusal_reason',
      sql`(${t.status} = 'refused') = (${t.refusalReason} is not null)`,
    ),
    check('account_closures_erased', sql`${t.erasedAt} is null or ${t.status} = 'confirmed'`),
    // One request waiting per member, and an account is closed once.
    uniqueIndex('account_closures_one_pending_key')
      .on(t.memberId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('account_closures_one_confirmed_key')
      .on(t.memberId)
      .where(sql`${t.status} = 'confirmed'`),
    index('account_closures_member_idx').on(t.memberId, t.requestedAt),
    // The retention run's closed accounts whose personal data is still there, oldest first.
    index('account_closures_erasure_idx')
      .on(t.decidedAt)
      .where(sql`${t.status} = 'confirmed' and ${t.erasedAt} is null`),
  ],
);
