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

const micros = (name: string) => bigint(name, { mode: 'bigint' });

/**
 * Ledger accounts. Member accounts (fund, profit, compounding) carry a cached balance that
 * may never go below what is held; house accounts have no member and no cached balance
 * (theirs is derived from postings, so they are never a hot row).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: uuid('member_id'),
    /** fund | profit | compounding for members; a house code (e.g. house:deposits) otherwise. */
    kind: text('kind').notNull(),
    balance: micros('balance').notNull().default(sql`0`),
    held: micros('held').notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('accounts_member_kind_key').on(t.memberId, t.kind),
    uniqueIndex('accounts_house_kind_key').on(t.kind).where(sql`${t.memberId} is null`),
    check(
      'accounts_member_not_negative',
      sql`${t.memberId} is null or (${t.held} >= 0 and ${t.balance} - ${t.held} >= 0)`,
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
    memberId: uuid('member_id'),
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
    transferId: bigint('transfer_id', { mode: 'bigint' }).notNull(),
    accountId: bigint('account_id', { mode: 'bigint' }).notNull(),
    amount: micros('amount').notNull(),
    /** The account's cached balance right after this posting (statements read it directly). */
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
    accountId: bigint('account_id', { mode: 'bigint' }).notNull(),
    amount: micros('amount').notNull(),
    reference: text('reference').notNull(),
    status: text('status', { enum: ['pending', 'posted', 'voided'] }).notNull(),
    transferId: bigint('transfer_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('holds_reference_key').on(t.reference),
    index('holds_account_idx').on(t.accountId),
    check('holds_amount_positive', sql`${t.amount} > 0`),
  ],
);
