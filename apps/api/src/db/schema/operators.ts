import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { OPERATOR_ROLES, OPERATOR_STATUSES } from '@app/contracts';
import { instant, oneOf } from './columns.ts';

// Operators: accounts of the people who run the platform, apart from members,
// with their own sessions and an append-only audit log of everything they do.

export const operators = pgTable(
  'operators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: OPERATOR_ROLES }).notNull(),
    /** `invited` until the invitation is accepted (its password hash is then unusable). */
    status: text('status', { enum: OPERATOR_STATUSES }).notNull().default('active'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('operators_email_key').on(t.email),
    check('operators_email_lower', sql`${t.email} = lower(${t.email})`),
    check('operators_role_known', sql`${t.role} in ${oneOf(OPERATOR_ROLES)}`),
    check('operators_status_known', sql`${t.status} in ${oneOf(OPERATOR_STATUSES)}`),
  ],
);

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    /** SHA-256 of the bearer token, as for member sessions. */
    tokenHash: text('token_hash').notNull(),
    createdAt: instant('created_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** When this session last proved the operator's second factor (sign-in or step-up). */
    secondFactorAt: instant('second_factor_at'),
  },
  (t) => [
    uniqueIndex('operator_sessions_token_hash_key').on(t.tokenHash),
    index('operator_sessions_operator_idx').on(t.operatorId),
    index('operator_sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * An operator's authenticator app, as `member_totp` is a member's: the seed sealed with
 * SECOND_FACTOR_KEY, `confirmedAt` null until the first code, `lastStep` so each code works once.
 */
export const operatorTotp = pgTable('operator_totp', {
  operatorId: uuid('operator_id')
    .primaryKey()
    .references(() => operators.id),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: instant('confirmed_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: instant('created_at').notNull(),
});

/** An operator's single-use recovery codes, stored as SHA-256 digests. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    codeHash: text('code_hash').notNull(),
    createdAt: instant('created_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [index('operator_recovery_codes_operator_idx').on(t.operatorId)],
);

/**
 * An operator's sign-in between its password step and its second step, as `sign_in_challenges`
 * is a member's: a random token kept as its SHA-256, short-lived, a few codes at most.
 */
export const operatorSignInChallenges = pgTable(
  'operator_sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    endedAt: instant('ended_at'),
  },
  (t) => [
    uniqueIndex('operator_sign_in_challenges_token_hash_key').on(t.tokenHash),
    index('operator_sign_in_challenges_expires_at_idx').on(t.expiresAt),
  ],
);

/** One row per operator action; a trigger (migration audit_log_append_only) refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    operatorId: uuid('operator_id').references(() => operators.id),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    detail: jsonb('detail'),
    ip: text('ip'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_operator_idx').on(t.operatorId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);
