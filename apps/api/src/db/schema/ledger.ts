import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { members } from './members.ts';
import { micros } from './columns.ts';

// The ledger's tables. Only apps/api/src/ledger writes them; the database itself enforces what
// must never break even if that code has a bug (custom migration `ledger_guards`):
// - every transfer's postings sum to zero and there are at least two (deferred constraint trigger),
// - postings and transfers are append-only (UPDATE / DELETE / TRUNCATE refused),
// - a hold leaves `pending` exactly once, to `posted` or `voided`.

/**
 * Ledger accounts. Member accounts (fund, profit, compounding) carry a cached balance that
 * may never go below what is held. House accounts (kind `house:*`, no member) keep balance and
 * held at 0: their balance is derived from postings, so the row is never updated and never
 * becomes a hot row that serialises every transfer of the platform.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: uuid('member_id').references(() => members.id),
    /** fund | profit | compounding for members; a house code (e.g. house:deposits) otherwise. */
    kind: text('kind').notNull(),
    balance: micros('balance')
      .notNull()
      .default(sql`0`),
    held: micros('held')
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('accounts_member_kind_key').on(t.memberId, t.kind),
    uniqueIndex('accounts_house_kind_key')
      .on(t.kind)
      .where(sql`${t.memberId} is null`),
    check(
      'accounts_member_not_negative',
      sql`${t.memberId} is null or (${t.held} >= 0 and ${t.balance} - ${t.held} >= 0)`,
    ),
    check(
      'accounts_kind_valid',
      sql`(${t.memberId} is not null and ${t.kind} in ('fund', 'profit', 'compounding')) or (${t.memberId} is null and ${t.kind} like 'house:%')`,
    ),
    // A cached balance on a house row would be a write hot spot; forbid it outright.
    check(
      'accounts_house_uncached',
      sql`${t.memberId} is not null or (${t.balance} = 0 and ${t.held} = 0)`,
    ),
  ],
);

export const transfers = pgTable(
  'transfers',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** Unique replay guard, e.g. claim:<package>:<day>. */
    reference: text('reference').notNull(),
    kind: text('kind').notNull(),
    memberId: uuid('member_id').references(() => members.id),
    metadata: jsonb('metadata'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('transfers_reference_key').on(t.reference),
    index('transfers_member_idx').on(t.memberId, t.createdAt),
  ],
);

export const postings = pgTable(
  'postings',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    transferId: bigint('transfer_id', { mode: 'bigint' })
      .notNull()
      .references(() => transfers.id),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => accounts.id),
    amount: micros('amount').notNull(),
    /** The member account's cached balance right after this posting; null for house accounts. */
    balanceAfter: micros('balance_after'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('postings_transfer_idx').on(t.transferId),
    index('postings_account_idx').on(t.accountId, t.id),
    check('postings_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);

export const holds = pgTable(
  'holds',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => accounts.id),
    amount: micros('amount').notNull(),
    reference: text('reference').notNull(),
    status: text('status', { enum: ['pending', 'posted', 'voided'] }).notNull(),
    /** The transfer that settled the hold (status posted). */
    transferId: bigint('transfer_id', { mode: 'bigint' }).references(() => transfers.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('holds_reference_key').on(t.reference),
    index('holds_account_idx').on(t.accountId),
    check('holds_amount_positive', sql`${t.amount} > 0`),
    check(
      'holds_status_consistent',
      sql`(${t.status} = 'pending' and ${t.resolvedAt} is null and ${t.transferId} is null)
        or (${t.status} = 'posted' and ${t.resolvedAt} is not null and ${t.transferId} is not null)
        or (${t.status} = 'voided' and ${t.resolvedAt} is not null and ${t.transferId} is null)`,
    ),
  ],
);
