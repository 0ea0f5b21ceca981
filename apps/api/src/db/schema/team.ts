import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { INCOME_KINDS, INCOME_STATUSES } from '@app/contracts';
import { transfers } from './ledger.ts';
import { members } from './members.ts';
import { instant, micros } from './columns.ts';

// The team and its incomes (decision 0020). Team figures are rollups kept by the registration,
// purchase or expiry that changes them, so no request ever scans a downline: a member's row, one
// row per (member, level) and one per (member, week). Incomes are records naming their cause;
// those the plan pays wait as `pending` until the settlement credits them in batches.

const zero = sql`0`;

/** One row per member: their own figures and the totals of their team (levels 1–10). */
export const teamMembers = pgTable(
  'team_members',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => members.id),
    sponsorId: uuid('sponsor_id').references(() => members.id),
    joinedAt: instant('joined_at').notNull(),
    /** Every package the member bought, lifetime. */
    invested: micros('invested').notNull().default(zero),
    /** When the member's last package ends: active while now < active_until. */
    activeUntil: instant('active_until'),
    /** Whether the team rollups count the member as active (the expiry run clears it). */
    countedActive: boolean('counted_active').notNull().default(false),
    /** Purchases by levels 1–10 below, lifetime. */
    teamBusiness: micros('team_business').notNull().default(zero),
    /** Members on levels 1–10 below. */
    teamSize: integer('team_size').notNull().default(0),
    /**
     * The member as a leg of their sponsor's team: their own purchases plus those of their levels
     * 1–9 (their sponsor's levels 2–10), and the members in it, themselves included. The legs of
     * a member add up to their team business and size.
     */
    legBusiness: micros('leg_business').notNull().default(zero),
    legSize: integer('leg_size').notNull().default(1),
    /** The rank held now (a name of the plan's ranks), null below the first. */
    rankName: text('rank_name'),
  },
  (t) => [
    // Active directs at an instant: `sponsor_id = X and active_until > now`, counted with a limit.
    index('team_members_sponsor_active_idx').on(t.sponsorId, t.activeUntil),
    // The strongest legs first.
    index('team_members_sponsor_leg_idx').on(t.sponsorId, t.legBusiness.desc()),
    index('team_members_expiring_idx')
      .on(t.activeUntil)
      .where(sql`${t.countedActive}`),
    check(
      'team_members_figures',
      sql`${t.invested} >= 0 and ${t.teamBusiness} >= 0 and ${t.teamSize} >= 0 and ${t.legBusiness} >= 0 and ${t.legSize} >= 1`,
    ),
  ],
);

/** One row per (member, level 1–10): members, active members and business on that level. */
export const teamLevels = pgTable(
  'team_levels',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    level: smallint('level').notNull(),
    members: integer('members').notNull().default(0),
    active: integer('active').notNull().default(0),
    business: micros('business').notNull().default(zero),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.level] }),
    check('team_levels_level', sql`${t.level} between 1 and 10`),
    check(
      'team_levels_figures',
      sql`${t.members} >= 0 and ${t.active} >= 0 and ${t.active} <= ${t.members} and ${t.business} >= 0`,
    ),
  ],
);

/** One row per (member, week): the team's new members and business that week (Monday first). */
export const teamWeeks = pgTable(
  'team_weeks',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    joined: integer('joined').notNull().default(0),
    business: micros('business').notNull().default(zero),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.weekStart] }),
    // The weekly run reads one week's rows in member order, a batch at a time.
    index('team_weeks_week_member_idx').on(t.weekStart, t.memberId),
  ],
);

/** Every change of a member's rank with its instant, so the rank held at any moment is known. */
export const rankChanges = pgTable(
  'rank_changes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    /** The rank from this instant on; null: below the first rank. */
    rankName: text('rank_name'),
    changedAt: instant('changed_at').notNull(),
    planVersion: integer('plan_version').notNull(),
  },
  (t) => [index('rank_changes_member_idx').on(t.memberId, t.changedAt)],
);

/** The ranks a member has reached at least once: each earns its reward once. */
export const rankAchievements = pgTable(
  'rank_achievements',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    rankName: text('rank_name').notNull(),
    reachedAt: instant('reached_at').notNull(),
    planVersion: integer('plan_version').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.rankName] })],
);

/**
 * One income record: a commission at a purchase or claim, a weekly or monthly income, a reward.
 * `pending` waits for the settlement, which credits it (`paid`, with the transfer); `not-paid`
 * records what the plan did not pay and why. (kind, cause, member) is unique: an event pays each
 * earner once, whatever retries or races happen above it.
 */
export const incomes = pgTable(
  'incomes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind', { enum: INCOME_KINDS }).notNull(),
    status: text('status', { enum: INCOME_STATUSES }).notNull(),
    /** What the plan gives (floor of base × rate, or the rank's fixed amount). */
    amount: micros('amount').notNull(),
    /** What was credited: the amount, or less when the income cap cut it. */
    paidAmount: micros('paid_amount'),
    reason: text('reason', {
      enum: ['no-active-package', 'level-locked', 'income-cap', 'account-closed'],
    }),
    /** The figures behind the reason, e.g. {"activeDirects": 1, "required": 2}. */
    reasonDetail: jsonb('reason_detail'),
    sourceMemberId: uuid('source_member_id').references(() => members.id),
    level: smallint('level'),
    baseAmount: micros('base_amount'),
    /** Rate units of 1e-4 %. */
    rate: integer('rate'),
    /** The event: purchase:<id>, claim:<id>, week:<monday>, month:<yyyy-mm>, rank:<name>. */
    cause: text('cause').notNull(),
    memberPackageId: uuid('member_package_id'),
    period: text('period'),
    rankName: text('rank_name'),
    planVersion: integer('plan_version').notNull(),
    /** The business day it was recorded on: the date filters' day. */
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    createdAt: instant('created_at').notNull(),
    paidAt: instant('paid_at'),
    transferId: bigint('transfer_id', { mode: 'bigint' }).references(() => transfers.id),
  },
  (t) => [
    uniqueIndex('incomes_cause_key').on(t.kind, t.cause, t.memberId),
    index('incomes_member_kind_idx').on(t.memberId, t.kind, t.businessDay, t.id),
    index('incomes_pending_idx')
      .on(t.id)
      .where(sql`${t.status} = 'pending'`),
    // The daily income digest reads a day's paid incomes by when they were paid.
    index('incomes_paid_at_idx')
      .on(t.paidAt)
      .where(sql`${t.status} = 'paid'`),
    check('incomes_amount', sql`${t.amount} >= 0`),
    check(
      'incomes_status_consistent',
      sql`(${t.status} = 'pending' and ${t.paidAt} is null and ${t.transferId} is null and ${t.paidAmount} is null)
        or (${t.status} = 'paid' and ${t.paidAt} is not null and ${t.transferId} is not null
            and ${t.paidAmount} > 0 and ${t.paidAmount} <= ${t.amount})
        or (${t.status} = 'not-paid' and ${t.reason} is not null and ${t.transferId} is null)`,
    ),
  ],
);

/** Income from others credited to a member, lifetime: what the income cap counts. */
export const incomeTotals = pgTable('income_totals', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => members.id),
  counted: micros('counted').notNull().default(zero),
});
