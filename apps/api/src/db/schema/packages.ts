import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { transfers } from './ledger.ts';
import { members } from './members.ts';
import { createdAt, micros } from './columns.ts';

// The compensation plan, the package catalogue, members' purchases and their daily-profit
// claims. Rates are in units of 1e-4 % (0.30 % = 3000), amounts in micro-dollars.

/**
 * The compensation plan, one document per version (validated with zod whenever it is read); the
 * highest version is in force from its created_at on, and never changes once written.
 */
export const planVersions = pgTable('plan_versions', {
  version: integer('version').primaryKey(),
  settings: jsonb('settings').notNull(),
  createdAt: createdAt(),
  /** The operator who published it; null for the versions the migrations wrote. */
  publishedBy: uuid('published_by'),
});

/** The catalogue. A retired package (active = false) is no longer sold but stays valid for holders. */
export const packages = pgTable(
  'packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    minAmount: micros('min_amount').notNull(),
    maxAmount: micros('max_amount').notNull(),
    dailyRate: integer('daily_rate').notNull(),
    totalDays: integer('total_days').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('packages_name_key').on(t.name),
    check('packages_range_valid', sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`),
    check('packages_terms_positive', sql`${t.dailyRate} > 0 and ${t.totalDays} > 0`),
  ],
);

/**
 * A purchase. Its terms are copied from the catalogue at purchase time, so editing or retiring
 * a package never changes what a holder was promised. Days are settled in order: days
 * 1..settled_days are each either claimed (paid) or forfeited, which lets a claim find what is
 * due without reading the claims table.
 */
export const memberPackages = pgTable(
  'member_packages',
  {
    id: uuid('id').primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id),
    amount: micros('amount').notNull(),
    dailyRate: integer('daily_rate').notNull(),
    dailyProfit: micros('daily_profit').notNull(),
    totalDays: integer('total_days').notNull(),
    /** The purchase's business day; day N accrues on start_day + N. */
    startDay: date('start_day', { mode: 'string' }).notNull(),
    /** When the last day ends (the start of business day start_day + total_days + 1): Expired from then. */
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    planVersion: integer('plan_version').notNull(),
    /** The ledger transfer that paid for it (fund → house:package-principal). */
    transferId: bigint('transfer_id', { mode: 'bigint' })
      .notNull()
      .references(() => transfers.id),
    settledDays: integer('settled_days').notNull().default(0),
    claimedDays: integer('claimed_days').notNull().default(0),
    claimedProfit: micros('claimed_profit')
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_packages_member_idx').on(t.memberId, t.createdAt),
    // A member's active investment at an instant: their packages with ends_at after it.
    index('member_packages_member_ends_idx').on(t.memberId, t.endsAt),
    // The target of package_claims' composite foreign key: a claim's member is its package's member.
    unique('member_packages_id_member_key').on(t.id, t.memberId),
    uniqueIndex('member_packages_transfer_key').on(t.transferId),
    check(
      'member_packages_amount_positive',
      sql`${t.amount} > 0 and ${t.dailyProfit} >= 0 and ${t.totalDays} > 0`,
    ),
    check(
      'member_packages_days_consistent',
      sql`0 <= ${t.claimedDays} and ${t.claimedDays} <= ${t.settledDays} and ${t.settledDays} <= ${t.totalDays}`,
    ),
    check(
      'member_packages_claimed_profit',
      sql`${t.claimedProfit} = ${t.claimedDays} * ${t.dailyProfit}`,
    ),
  ],
);

/**
 * One row per settled (package, day): paid (a trade-income record) or forfeited. The primary
 * key is what makes a day payable at most once, whatever races above it.
 */
export const packageClaims = pgTable(
  'package_claims',
  {
    memberPackageId: uuid('member_package_id').notNull(),
    dayNumber: integer('day_number').notNull(),
    /** Copied from the package (the composite key below keeps it equal) so a member's income list needs no join. */
    memberId: uuid('member_id').notNull(),
    /** The business day of the accrual (start_day + day_number). */
    accrualDay: date('accrual_day', { mode: 'string' }).notNull(),
    amount: micros('amount').notNull(),
    status: text('status', { enum: ['paid', 'forfeited'] }).notNull(),
    /** The claim request that settled it; all its paid rows are in one ledger transfer. */
    claimId: uuid('claim_id').notNull(),
    planVersion: integer('plan_version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.memberPackageId, t.dayNumber] }),
    // One check per inserted row covers both the package and its member.
    foreignKey({
      columns: [t.memberPackageId, t.memberId],
      foreignColumns: [memberPackages.id, memberPackages.memberId],
    }),
    index('package_claims_member_idx').on(t.memberId, t.createdAt),
    check('package_claims_day_positive', sql`${t.dayNumber} > 0 and ${t.amount} >= 0`),
  ],
);
