import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  MEMBER_STATUSES,
  NOTIFICATION_KINDS,
  SIGN_IN_FAILURES,
  SIGN_IN_METHODS,
  SIGN_IN_RESULTS,
  STORED_OTP_PURPOSES,
  WEBAUTHN_PURPOSES,
} from '@app/contracts';
import { createdAt, oneOf } from './columns.ts';
import { operators } from './operators.ts';

export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The Registered ID: login id and invitation id. */
    referralCode: text('referral_code').notNull(),
    sponsorId: uuid('sponsor_id').references((): AnyPgColumn => members.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    status: text('status', { enum: MEMBER_STATUSES }).notNull().default('active'),
    payoutAddress: text('payout_address'),
    /**
     * Withdrawals are refused until then: set for a while after a security change (a password
     * changed or reset, the second factor turned off, a payout address changed; decision 0046).
     */
    withdrawalsHeldUntil: timestamp('withdrawals_held_until', { withTimezone: true, mode: 'date' }),
    /** The member lets a passkey sign in on its own, with no password (decision 0048). */
    passkeySignIn: boolean('passkey_sign_in').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('members_referral_code_key').on(t.referralCode),
    uniqueIndex('members_email_key').on(t.email),
    index('members_sponsor_idx').on(t.sponsorId),
    // A team search by the start of a name finds its few matches here, then checks each one's
    // place in the searcher's tree, instead of reading every member of a level.
    index('members_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
    // The console: members newest first and the new members of a day or week, and a search by
    // mobile number, each from an index rather than a read of the whole table.
    index('members_created_idx').on(t.createdAt, t.id),
    index('members_mobile_idx').on(t.mobile),
    check('members_email_lower', sql`${t.email} = lower(${t.email})`),
    check('members_status_known', sql`${t.status} in ${oneOf(MEMBER_STATUSES)}`),
  ],
);

/**
 * Closure table of the referral tree: one row per (ancestor, descendant) with the depth between,
 * down to the 10 levels the plan pays and counts. The descendant's join instant is copied here so
 * one level of a team lists newest first straight from the index.
 */
export const memberTree = pgTable(
  'member_tree',
  {
    ancestorId: uuid('ancestor_id')
      .notNull()
      .references(() => members.id),
    descendantId: uuid('descendant_id')
      .notNull()
      .references(() => members.id),
    depth: integer('depth').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.descendantId] }),
    index('member_tree_descendant_idx').on(t.descendantId, t.depth),
    index('member_tree_level_idx').on(t.ancestorId, t.depth, t.joinedAt.desc(), t.descendantId),
    check('member_tree_depth_range', sql`${t.depth} between 1 and 10`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    /** SHA-256 of the bearer token: a stolen table cannot be replayed as tokens. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * Set on a session an operator opened to see the app as the member: it is short-lived and
     * refused every request that changes anything (docs/decisions/0025-operator-console.md).
     */
    impersonatedBy: uuid('impersonated_by').references((): AnyPgColumn => operators.id),
    /**
     * When this session last proved the member's second factor (its sign-in's second step, or a
     * step-up since): money and security changes need it within the last 5 minutes (0047).
     */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_member_idx').on(t.memberId),
    // The retention run finds ended sessions by their absolute end (jobs/retention-run.ts).
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

export const otps = pgTable(
  'otps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    purpose: text('purpose', { enum: STORED_OTP_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** What the code is bound to (e.g. a withdrawal's amount and address); null when unbound. */
    binding: text('binding'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('otps_member_purpose_idx').on(t.memberId, t.purpose, t.createdAt),
    index('otps_expires_at_idx').on(t.expiresAt),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    message: text('message').notNull(),
    /** What it is about, for the drawer's icon; rows written by SQL functions keep the default. */
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull().default('general'),
    /** The in-app path that shows the event (a ticket's thread, the income list); null when none. */
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_member_idx').on(t.memberId, t.createdAt),
    check('notifications_kind_known', sql`${t.kind} in ${oneOf(NOTIFICATION_KINDS)}`),
  ],
);

/**
 * Every sign-in attempt on a known account, whichever identifier was typed (decision 0044): the
 * member's and the console's sign-in history. Attempts on ids that match no member belong to
 * nobody and are not kept (the throttle still counts them). Rows go after 30 days (retention run).
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    // In insertion order: attempts in the same millisecond still list newest first.
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    method: text('method', { enum: SIGN_IN_METHODS }).notNull(),
    result: text('result', { enum: SIGN_IN_RESULTS }).notNull(),
    failure: text('failure', { enum: SIGN_IN_FAILURES }),
  },
  (t) => [
    index('sign_in_attempts_member_idx').on(t.memberId, t.at),
    index('sign_in_attempts_at_idx').on(t.at),
    check('sign_in_attempts_method_known', sql`${t.method} in ${oneOf(SIGN_IN_METHODS)}`),
    check(
      'sign_in_attempts_failure_matches_result',
      sql`(${t.result} = 'success' and ${t.failure} is null) or (${t.result} = 'failure' and ${t.failure} in ${oneOf(SIGN_IN_FAILURES)})`,
    ),
  ],
);

/**
 * A member's authenticator app (decision 0045): the TOTP seed sealed with SECOND_FACTOR_KEY
 * (lib/sealed-secrets.ts), never stored or logged in the clear. `confirmedAt` is null while an
 * enrolment waits for its first code; `lastStep` is the latest 30-second step a code was accepted
 * for, so each code works once (RFC 6238 section 5.2).
 */
export const memberTotp = pgTable('member_totp', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => members.id),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored as SHA-256 digests of 50-bit random codes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('recovery_codes_member_idx').on(t.memberId)],
);

/**
 * The sign-in between its password step and its second step: a random token (kept as its
 * SHA-256) that lives 5 minutes and allows a few codes. Not a session: it opens nothing else.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Set when the second step succeeded or the codes allowed ran out: it works no more. */
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('sign_in_challenges_token_hash_key').on(t.tokenHash),
    index('sign_in_challenges_expires_at_idx').on(t.expiresAt),
  ],
);

/** Failed sign-ins per key (account, account+ip, ip) in a fixed window; shared by all instances. */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('auth_throttle_window_idx').on(t.windowStartedAt)],
);

/**
 * A member's passkeys (WebAuthn credentials, decision 0048): the public key and the signature
 * counter the authenticator last reported. Nothing here is secret: a copy of this table signs no
 * one in. Removing a passkey deletes its row.
 */
export const memberPasskeys = pgTable(
  'member_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    /** The credential's id as the authenticator sent it, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser said it can reach the authenticator (usb, internal, hybrid…). */
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The member's name for it ("Work laptop"). */
    name: text('name').notNull(),
    /** Whether the passkey is synced across the member's devices (backed up), as reported. */
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('member_passkeys_credential_id_key').on(t.credentialId),
    index('member_passkeys_member_idx').on(t.memberId),
    check('member_passkeys_name_length', sql`char_length(${t.name}) between 1 and 60`),
  ],
);

/**
 * A WebAuthn ceremony between its options and its answer: the random challenge the browser must
 * sign, for one purpose, used once, within 5 minutes. `memberId` is null for a sign-in with a
 * passkey alone, where the server learns who it is only from the answer.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id').references(() => members.id),
    purpose: text('purpose', { enum: WEBAUTHN_PURPOSES }).notNull(),
    /** The challenge, base64url, as sent to the browser. */
    challenge: text('challenge').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('webauthn_challenges_challenge_key').on(t.challenge),
    index('webauthn_challenges_expires_at_idx').on(t.expiresAt),
    check('webauthn_challenges_purpose_known', sql`${t.purpose} in ${oneOf(WEBAUTHN_PURPOSES)}`),
  ],
);

/**
 * Proof-of-work challenges already redeemed (registration, forgotten password, sign-in after
 * failures): a solved challenge works once until it expires, then its row can go.
 */
export const proofOfWorkSpent = pgTable(
  'proof_of_work_spent',
  {
    /** SHA-256 of the challenge's signature: unique per issued challenge. */
    challengeHash: text('challenge_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('proof_of_work_spent_expires_at_idx').on(t.expiresAt)],
);
