import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DEPOSIT_PROVIDERS,
  DEPOSIT_STATUSES,
  WITHDRAWAL_STATUSES,
  WITHDRAWAL_WALLETS,
} from '@app/contracts';
import { holds, transfers } from './ledger.ts';
import { members } from './members.ts';
import { operators } from './operators.ts';
import { instant, micros, oneOf } from './columns.ts';

// Deposits, withdrawals and compounding income. The money itself only ever
// moves through ledger transfers and holds; these rows are the requests and their outcomes,
// each pointing at the transfer or hold that carried it out.

export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    provider: text('provider', { enum: DEPOSIT_PROVIDERS }).notNull(),
    amount: micros('amount').notNull(),
    status: text('status', { enum: DEPOSIT_STATUSES }).notNull().default('pending'),
    /** The chain transaction hash: given by the member (manual) or reported by the gateway. */
    txHash: text('tx_hash'),
    /** Gateway invoice and payment ids, its hosted page and its last reported status. */
    gatewayInvoiceId: text('gateway_invoice_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    paymentUrl: text('payment_url'),
    gatewayStatus: text('gateway_status'),
    /** Why it was rejected, failed or expired, in words the member can read. */
    reason: text('reason'),
    /** The credit (house:deposits → member fund) once confirmed. */
    transferId: bigint('transfer_id', { mode: 'bigint' }).references(() => transfers.id),
    decidedBy: uuid('decided_by').references(() => operators.id),
    decidedAt: instant('decided_at'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    index('deposits_member_idx').on(t.memberId, t.createdAt),
    index('deposits_status_idx').on(t.status, t.createdAt),
    uniqueIndex('deposits_gateway_invoice_key').on(t.gatewayInvoiceId),
    // One chain transaction can fund one deposit only.
    uniqueIndex('deposits_tx_hash_key')
      .on(sql`lower(${t.txHash})`)
      .where(sql`${t.txHash} is not null and ${t.status} <> 'rejected'`),
    uniqueIndex('deposits_transfer_key').on(t.transferId),
    check('deposits_amount_positive', sql`${t.amount} > 0`),
    check('deposits_status_known', sql`${t.status} in ${oneOf(DEPOSIT_STATUSES)}`),
    check(
      'deposits_confirmed_has_transfer',
      sql`(${t.status} = 'confirmed') = (${t.transferId} is not null)`,
    ),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    wallet: text('wallet', { enum: WITHDRAWAL_WALLETS }).notNull(),
    /** What leaves the wallet; fee + net = amount. */
    amount: micros('amount').notNull(),
    fee: micros('fee').notNull(),
    netAmount: micros('net_amount').notNull(),
    address: text('address').notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull().default('pending'),
    /** The business day the request counts against for the daily cap. */
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    holdId: bigint('hold_id', { mode: 'bigint' })
      .notNull()
      .references(() => holds.id),
    txHash: text('tx_hash'),
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => operators.id),
    decidedAt: instant('decided_at'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    index('withdrawals_member_idx').on(t.memberId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
    index('withdrawals_member_day_idx').on(t.memberId, t.businessDay),
    uniqueIndex('withdrawals_hold_key').on(t.holdId),
    // At most one pending withdrawal per member, whatever races above it.
    uniqueIndex('withdrawals_one_pending_key')
      .on(t.memberId)
      .where(sql`${t.status} = 'pending'`),
    check(
      'withdrawals_amounts_consistent',
      sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.netAmount} > 0 and ${t.fee} + ${t.netAmount} = ${t.amount}`,
    ),
    check('withdrawals_status_known', sql`${t.status} in ${oneOf(WITHDRAWAL_STATUSES)}`),
    check('withdrawals_paid_has_hash', sql`${t.status} <> 'paid' or ${t.txHash} is not null`),
  ],
);

/**
 * One row per (member, business day) of compounding income: the primary key is what makes the
 * daily run pay each member at most once, however many instances run it or how often it restarts.
 */
export const compoundingIncomes = pgTable(
  'compounding_incomes',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    /** The compounding balance the income was computed on. */
    baseAmount: micros('base_amount').notNull(),
    rate: bigint('rate', { mode: 'number' }).notNull(),
    amount: micros('amount').notNull(),
    transferId: bigint('transfer_id', { mode: 'bigint' }).references(() => transfers.id),
    planVersion: bigint('plan_version', { mode: 'number' }).notNull(),
    detail: jsonb('detail'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.businessDay] }),
    index('compounding_incomes_member_idx').on(t.memberId, t.createdAt),
    // The daily income digest reads one day of credits (jobs/member-mail-run.ts).
    index('compounding_incomes_created_idx').on(t.createdAt),
    check('compounding_incomes_amounts', sql`${t.baseAmount} > 0 and ${t.amount} >= 0`),
  ],
);
