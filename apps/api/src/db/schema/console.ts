import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ADJUSTMENT_STATUSES, ADJUSTMENT_WALLETS } from '@app/contracts';
import { instant, micros, oneOf } from './columns.ts';
import { transfers } from './ledger.ts';
import { members } from './members.ts';
import { operators } from './operators.ts';

// What the operator console adds: money corrections that need two operators (four-eyes) and
// invitations for new operators. The database refuses what the code must never do: an
// adjustment decided by the operator who proposed it, or approved without its ledger transfer.

export const moneyAdjustments = pgTable(
  'money_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    wallet: text('wallet', { enum: ADJUSTMENT_WALLETS }).notNull(),
    /** Signed micro-dollars: positive credits the member's wallet, negative debits it. */
    amount: micros('amount').notNull(),
    reason: text('reason').notNull(),
    /** What the correction refers to outside the ledger, e.g. a gateway payment id. */
    reference: text('reference').notNull(),
    status: text('status', { enum: ADJUSTMENT_STATUSES }).notNull().default('pending'),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => operators.id),
    proposedAt: instant('proposed_at').notNull(),
    decidedBy: uuid('decided_by').references(() => operators.id),
    decidedAt: instant('decided_at'),
    /** Why it was rejected; optional on approval. */
    decisionNote: text('decision_note'),
    /** The ledger transfer an approval posted. */
    transferId: bigint('transfer_id', { mode: 'bigint' }).references(() => transfers.id),
  },
  (t) => [
    index('money_adjustments_status_idx').on(t.status, t.proposedAt),
    index('money_adjustments_member_idx').on(t.memberId, t.proposedAt),
    check('money_adjustments_amount_not_zero', sql`${t.amount} <> 0`),
    check('money_adjustments_wallet_known', sql`${t.wallet} in ${oneOf(ADJUSTMENT_WALLETS)}`),
    check('money_adjustments_status_known', sql`${t.status} in ${oneOf(ADJUSTMENT_STATUSES)}`),
    check(
      'money_adjustments_four_eyes',
      sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.proposedBy}`,
    ),
    check(
      'money_adjustments_decision_complete',
      sql`(${t.status} = 'pending' and ${t.decidedBy} is null and ${t.transferId} is null)
        or (${t.status} = 'approved' and ${t.decidedBy} is not null and ${t.transferId} is not null)
        or (${t.status} = 'rejected' and ${t.decidedBy} is not null and ${t.transferId} is null)`,
    ),
  ],
);

/** A new operator's way in: a one-time token (stored hashed) they exchange for a password. */
export const operatorInvitations = pgTable(
  'operator_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => operators.id),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    acceptedAt: instant('accepted_at'),
  },
  (t) => [
    uniqueIndex('operator_invitations_token_hash_key').on(t.tokenHash),
    index('operator_invitations_operator_idx').on(t.operatorId),
  ],
);
