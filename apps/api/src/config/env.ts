import { createHash } from 'node:crypto';
import { z } from 'zod';
import { OPERATOR_EMAIL_PATTERN, OPERATOR_ROLES } from '@app/contracts';
import {
  DEFAULT_JOB_LIMITS,
  DEFAULT_REQUEST_LIMITS,
  type JobLimits,
  type RequestLimits,
} from '../db/statement-limits.ts';
import { isCommonPassword } from '../lib/passwords.ts';
import type { SealingKeys } from '../lib/sealed-secrets.ts';
import { DEFAULT_DEMO_PASSWORD, isPublishedDemoPassword } from './demo-credentials.ts';
import { listenHost, urlVariable, withoutCredentials } from './url-variables.ts';
import { siteNameOf } from './site-name.ts';
import { webauthnConfigOf, type WebauthnConfig } from './webauthn.ts';

// Every environment variable the server reads, parsed in this one place. A bad value stops
// the start with a one-line message naming the variable (see loadConfig).

/** A key: 32 random bytes in base64, as `openssl rand -base64 32` prints them. */
const isKey = (value: string) => Buffer.from(value.trim(), 'base64').length === 32;

const keyVariable = z
  .string()
  .trim()
  .refine(isKey, 'must be 32 bytes in base64 (openssl rand -base64 32)')
  .optional();

/** Keys a key replaced, comma-separated, each 32 bytes in base64: what they sealed still opens. */
const previousKeysVariable = z
  .string()
  .trim()
  .refine(
    (value) => value.split(',').every(isKey),
    'must be keys of 32 bytes in base64, separated by commas',
  )
  .optional();

/** The keys of a *_PREVIOUS_KEYS variable, already checked by previousKeysVariable. */
const previousKeysOf = (value: string | undefined): Buffer[] =>
  (value?.split(',') ?? []).map((key) => Buffer.from(key.trim(), 'base64'));

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = z.coerce.number().int().positive();

/** SUPPORT_EMAIL's default: support@ the domain MAIL_FROM sends from. */
export const supportEmailOf = (mailFrom: string) =>
  `support@${/@([^\s@<>]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'member-invest.local'}`;

/** A block explorer's page for one transaction or address: an http(s) URL with its placeholder. */
const explorerTemplate = (placeholder: string) =>
  z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/[^\s/]+\S*$/, 'must be an http(s) URL')
    .refine((value) => value.includes(placeholder), `must contain ${placeholder}`);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: listenHost.default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: urlVariable({
      protocols: ['postgres:', 'postgresql:'],
      example: 'postgres://user:pass@db:5432/invest',
      allowsSocketHost: true,
    }).optional(),
    // The role requests run as, when the app may not create it (decision 0030): DATABASE_URL
    // migrates and owns, this one serves.
    DATABASE_REQUEST_URL: urlVariable({
      protocols: ['postgres:', 'postgresql:'],
      example: 'postgres://invest_request:pass@db:5432/invest',
      allowsSocketHost: true,
    }).optional(),
    DATABASE_POOL_SIZE: positiveInt.max(500).default(20),
    DATABASE_START_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
    // Lock, statement and idle-in-transaction timeouts (decision 0039): requests, then jobs.
    DATABASE_LOCK_TIMEOUT_MS: positiveInt
      .min(100)
      .max(600_000)
      .default(DEFAULT_REQUEST_LIMITS.lockTimeoutMs),
    DATABASE_STATEMENT_TIMEOUT_MS: positiveInt
      .min(100)
      .max(3_600_000)
      .default(DEFAULT_REQUEST_LIMITS.statementTimeoutMs),
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: positiveInt
      .min(100)
      .max(3_600_000)
      .default(DEFAULT_REQUEST_LIMITS.idleInTransactionTimeoutMs),
    DATABASE_JOB_LOCK_TIMEOUT_MS: positiveInt
      .min(100)
      .max(3_600_000)
      .default(DEFAULT_JOB_LIMITS.lockTimeoutMs),
    DATABASE_JOB_STATEMENT_TIMEOUT_MS: positiveInt
      .min(100)
      .max(86_400_000)
      .default(DEFAULT_JOB_LIMITS.statementTimeoutMs),
    SMTP_URL: urlVariable({
      protocols: ['smtp:', 'smtps:'],
      example: 'smtp://127.0.0.1:2525',
    }).optional(),
    MAIL_FROM: z.string().min(3).default('Member Invest <no-reply@member-invest.local>'),
    SUPPORT_EMAIL: z
      .string()
      .trim()
      .regex(/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/, 'an email address such as support@example.com')
      .optional(),
    PUBLIC_URL: urlVariable({
      protocols: ['https:', 'http:'],
      example: 'https://invest.example.com',
    }).optional(),
    WEBAUTHN_RP_ID: z
      .string()
      .regex(/^[a-z0-9.-]+$/i, 'a domain name such as invest.example.com')
      .optional(),
    WEBAUTHN_ORIGINS: z.string().optional(),
    APP_NOW: z.iso.datetime({ offset: true }).optional(),
    SEED_DEMO: booleanFlag.optional(),
    // lib/passwords.ts reads it (every hash is made there); validated here so a production start
    // refuses it before anything is hashed.
    PASSWORD_HASH_COST: z.enum(['standard', 'minimal']).optional(),
    DEMO_PASSWORD: z.string().min(8).max(128).default(DEFAULT_DEMO_PASSWORD),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    REDIS_URL: urlVariable({
      protocols: ['redis:', 'rediss:'],
      example: 'redis://127.0.0.1:6379',
    }).optional(),
    TRUST_PROXY: booleanFlag.default(false),
    DEV_MAILBOX: z.enum(['local', 'open', 'off']).optional(),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').max(256).optional(),
    REGISTER_RATE_LIMIT: positiveInt.default(200),
    LOGIN_RATE_LIMIT: positiveInt.default(30),
    OTP_RATE_LIMIT: positiveInt.default(5),
    RESET_RATE_LIMIT: positiveInt.default(10),
    MANUAL_DEPOSIT_ADDRESS: z.string().trim().min(1).max(200).optional(),
    MANUAL_DEPOSIT_NETWORK: z.string().trim().min(1).max(40).default('TRC-20'),
    EXPLORER_TRC20_TX_URL: explorerTemplate('{hash}').default(
      'https://tronscan.org/#/transaction/{hash}',
    ),
    EXPLORER_TRC20_ADDRESS_URL: explorerTemplate('{address}').default(
      'https://tronscan.org/#/address/{address}',
    ),
    EXPLORER_BEP20_TX_URL: explorerTemplate('{hash}').default('https://bscscan.com/tx/{hash}'),
    EXPLORER_BEP20_ADDRESS_URL: explorerTemplate('{address}').default(
      'https://bscscan.com/address/{address}',
    ),
    NOWPAYMENTS_API_URL: urlVariable({
      protocols: ['https:', 'http:'],
      example: 'https://api.nowpayments.io',
    }).default('https://api.nowpayments.io'),
    NOWPAYMENTS_API_KEY: z.string().trim().min(1).optional(),
    // Seals members' and operators' authenticator secrets (decisions 0045, 0049): 32 random
    // bytes in base64.
    SECOND_FACTOR_KEY: keyVariable,
    // Keys SECOND_FACTOR_KEY replaced, comma-separated: secrets they sealed still open (rotation).
    SECOND_FACTOR_PREVIOUS_KEYS: previousKeysVariable,
    NOWPAYMENTS_IPN_SECRET: z.string().trim().min(1).optional(),
    // Seals members' files, identity documents first (decision 0055): 32 random bytes in base64.
    MEMBER_FILES_KEY: keyVariable,
    // Keys MEMBER_FILES_KEY replaced, comma-separated: files they sealed still open (rotation).
    MEMBER_FILES_PREVIOUS_KEYS: previousKeysVariable,
    // Signs proof-of-work challenges (decision 0050): 32 random bytes in base64.
    PROOF_OF_WORK_KEY: keyVariable,
    // When a proof-of-work is asked for (decision 0050): registrations and reset requests per
    // address in an hour, failed sign-ins per account and address (15 minutes), and per account
    // from anywhere (an hour), beyond which the sign-in also needs a second factor. The app always
    // sends one; the defaults leave clients of the published API (which send none) the answers
    // they were promised in normal use: the sign-in's 5 tries per address end in 429, not 428.
    PROOF_OF_WORK_REGISTRATIONS: positiveInt.max(100_000).default(100),
    PROOF_OF_WORK_RESET_REQUESTS: positiveInt.max(100_000).default(20),
    PROOF_OF_WORK_SIGN_IN_FAILURES: positiveInt.max(100_000).default(5),
    SIGN_IN_ACCOUNT_FAILURES: positiveInt.max(100_000).default(10),
    NOWPAYMENTS_TIMEOUT_MS: positiveInt.max(60_000).default(10_000),
    OPERATOR_EMAIL: z
      .string()
      .trim()
      .max(254)
      .regex(OPERATOR_EMAIL_PATTERN, 'must be an email address')
      .transform((value) => value.toLowerCase())
      .optional(),
    OPERATOR_PASSWORD: z.string().max(128).optional(),
    OPERATOR_ROLE: z.enum(OPERATOR_ROLES).default('admin'),
    REQUIRE_OPERATOR_SECOND_FACTOR: booleanFlag.optional(),
    JOBS: z.enum(['on', 'off']).optional(),
    MARKET_DATA: z.enum(['binance', 'simulated', 'auto']).optional(),
    MARKET_API_URL: urlVariable({
      protocols: ['https:', 'http:'],
      example: 'https://api.binance.com',
    }).default('https://api.binance.com'),
    MARKET_POLL_MS: positiveInt.min(100).max(600_000).default(5_000),
    MARKET_TIMEOUT_MS: positiveInt.max(60_000).default(5_000),
    MARKET_RETRY_MS: positiveInt.max(3_600_000).default(60_000),
    MARKET_STREAMS_PER_MEMBER: positiveInt.max(100_000).default(3),
    MARKET_STREAMS_PER_ADDRESS: positiveInt.max(100_000).default(10),
    MARKET_STREAM_CHECK_MS: positiveInt.min(50).max(600_000).default(15_000),
    COMPOUNDING_BATCH_SIZE: positiveInt.max(10_000).default(200),
    INCOME_RUN_BATCH_SIZE: positiveInt.max(100_000).default(5_000),
    SETTLEMENT_BATCH_SIZE: positiveInt.max(100_000).default(2_000),
    IDEMPOTENCY_LEASE_MS: positiveInt.min(300).max(120_000).default(10_000),
    HEADERS_TIMEOUT_MS: positiveInt.min(100).max(300_000).default(10_000),
    REQUEST_TIMEOUT_MS: positiveInt.min(100).max(600_000).default(30_000),
    MAX_CONNECTIONS_PER_ADDRESS: positiveInt.max(100_000).default(20),
  })
  .superRefine((env, ctx) => {
    const isProduction = env.NODE_ENV === 'production';
    const refuseInProduction = (name: keyof typeof env, why: string) =>
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `is refused when NODE_ENV=production (${why})`,
      });
    if (env.APP_NOW && isProduction)
      refuseInProduction('APP_NOW', 'the clock may only be moved in demos and tests');
    if (env.SEED_DEMO && isProduction)
      refuseInProduction('SEED_DEMO', 'production never creates demo members, money or operators');
    if (env.PASSWORD_HASH_COST === 'minimal' && isProduction)
      refuseInProduction(
        'PASSWORD_HASH_COST',
        'passwords are hashed at OWASP strength in production',
      );
    if (env.DEV_MAILBOX && env.DEV_MAILBOX !== 'off' && isProduction)
      refuseInProduction('DEV_MAILBOX', 'mails are sent through SMTP_URL, never shown on a page');
    if (env.REQUIRE_OPERATOR_SECOND_FACTOR === false && isProduction)
      refuseInProduction(
        'REQUIRE_OPERATOR_SECOND_FACTOR',
        'every operator signs in with a second factor in production',
      );
    if (env.DATABASE_REQUEST_URL && !env.DATABASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_REQUEST_URL'],
        message: 'needs DATABASE_URL (the embedded database has no roles to configure)',
      });
    // Node refuses to start a server whose headers may take longer than the whole request.
    if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS)
      ctx.addIssue({
        code: 'custom',
        path: ['HEADERS_TIMEOUT_MS'],
        message: `must not be longer than REQUEST_TIMEOUT_MS (${env.REQUEST_TIMEOUT_MS})`,
      });
    if (Boolean(env.OPERATOR_EMAIL) !== Boolean(env.OPERATOR_PASSWORD)) {
      const missing = env.OPERATOR_EMAIL ? 'OPERATOR_PASSWORD' : 'OPERATOR_EMAIL';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required when the other of OPERATOR_EMAIL / OPERATOR_PASSWORD is set',
      });
    }
    if (Boolean(env.NOWPAYMENTS_API_KEY) !== Boolean(env.NOWPAYMENTS_IPN_SECRET)) {
      const missing = env.NOWPAYMENTS_API_KEY ? 'NOWPAYMENTS_IPN_SECRET' : 'NOWPAYMENTS_API_KEY';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message:
          'is required when the other of NOWPAYMENTS_API_KEY / NOWPAYMENTS_IPN_SECRET is set',
      });
    }
    // Outside demo mode the operator password guards real money.
    const problem =
      env.OPERATOR_PASSWORD !== undefined && !isDemo(env)
        ? operatorPasswordProblem(env.OPERATOR_PASSWORD)
        : null;
    if (problem)
      ctx.addIssue({
        code: 'custom',
        path: ['OPERATOR_PASSWORD'],
        message: `${problem} (outside demo mode)`,
      });
  });

/** Demo data (and the demo operator) come with the embedded database, never with production. */
const isDemo = (env: {
  NODE_ENV: string;
  SEED_DEMO?: boolean | undefined;
  DATABASE_URL?: string | undefined;
}) => env.NODE_ENV !== 'production' && (env.SEED_DEMO ?? !env.DATABASE_URL);

function operatorPasswordProblem(password: string): string | null {
  if (password.length < 12) return 'must be at least 12 characters';
  if (isPublishedDemoPassword(password)) return 'must not be a published demo password';
  if (isCommonPassword(password)) return 'is a commonly used password; choose another';
  return null;
}

export type Env = z.infer<typeof envSchema>;

export type AppConfig = {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  database: { url: string; requestUrl?: string; poolSize: number } | { dataDir: string };
  /** How long a start waits for an unreachable database server (0: it tries once). */
  databaseStartTimeoutMs: number;
  /** Lock, statement and idle timeouts: the request role's, and the scheduled runs' longer ones. */
  databaseLimits: { requests: RequestLimits; jobs: JobLimits };
  /**
   * The lease on an Idempotency-Key while its request runs, renewed every third of it: how long
   * a retry waits after the holder's process died.
   */
  idempotencyLeaseMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where a member writes to when the app cannot help, e.g. a blocked account (decision 0051). */
  supportEmail: string;
  publicUrl: string;
  appNow: Date | undefined;
  seedDemo: boolean;
  demoPassword: string;
  logLevel: Env['LOG_LEVEL'];
  redisUrl: string | undefined;
  trustProxy: boolean;
  /**
   * How long a client may take to send a request's headers, and the whole request with its
   * body, before the server answers 408 and closes the connection; and how many connections one
   * client address may hold open (behind TRUST_PROXY: requests in progress per forwarded address).
   */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; maxConnectionsPerAddress: number };
  /**
   * The dev mailbox page (mails not sent without SMTP_URL): `local` serves requests made on
   * this machine only, `open` serves anyone, `off` is not mounted (always so in production).
   */
  devMailbox: 'local' | 'open' | 'off';
  /** Bearer token that lets a scraper on another machine read /metrics; unset: local only. */
  metricsToken: string | undefined;
  /** passwordReset: forgot-password requests per IP per 10 minutes. */
  rateLimits: { register: number; login: number; otp: number; passwordReset: number };
  /** Where members send USDT for a manual deposit; unset in production means no manual deposits. */
  manualDeposit: { address: string; network: string } | undefined;
  /** Each USDT network's block explorer: page templates with `{hash}` and `{address}`. */
  explorers: Record<'TRC-20' | 'BEP-20', { transaction: string; address: string }>;
  /** The NOWPayments-compatible gateway; unset means no gateway deposits. */
  paymentGateway:
    { apiUrl: string; apiKey: string; ipnSecret: string; timeoutMs: number } | undefined;
  /**
   * The keys of authenticator secrets: `current` seals (SECOND_FACTOR_KEY; outside production a
   * fixed development key stands in when unset), `previous` still open what older keys sealed
   * (SECOND_FACTOR_PREVIOUS_KEYS). Null in production without SECOND_FACTOR_KEY: no member can
   * turn the authenticator on, and one who has cannot pass its step (decision 0045).
   */
  secondFactorKeys: SealingKeys | null;
  /**
   * The keys of the member file store (decision 0055): `key` seals new files (MEMBER_FILES_KEY;
   * a fixed development key outside production, and a production start refuses without one),
   * `previousKeys` still open the files older keys sealed (MEMBER_FILES_PREVIOUS_KEYS).
   */
  memberFiles: { key: Buffer | null; previousKeys: Buffer[] };
  /**
   * The proof-of-work challenge (decision 0050). `key` signs challenges (PROOF_OF_WORK_KEY): a
   * fixed development key outside production when unset; in production, unset means no
   * challenge can be given (503) and a request that needs one is refused. The rest say when one
   * is needed: registrations and reset requests from an address in an hour, failed sign-ins on
   * an account from an address in the 15-minute window; past `accountFailures` failed sign-ins on
   * an account from anywhere in an hour, every sign-in to it needs one and a second factor.
   */
  proofOfWork: {
    key: Buffer | null;
    registrationsPerAddress: number;
    resetRequestsPerAddress: number;
    signInFailures: number;
    accountFailures: number;
  };
  /** Where passkeys are valid; null when PUBLIC_URL's host is an IP address (decision 0048). */
  webauthn: WebauthnConfig | null;
  /**
   * Operators must set up an authenticator app before using the console
   * (REQUIRE_OPERATOR_SECOND_FACTOR): always in production, off by default elsewhere so the demo
   * signs in with a password alone (decision 0049).
   */
  requireOperatorSecondFactor: boolean;
  /** The operator created or updated at start, from OPERATOR_EMAIL / OPERATOR_PASSWORD. */
  operator: { email: string; password: string; role: Env['OPERATOR_ROLE'] } | undefined;
  /**
   * Market pairs (modules/market): `binance` asks the Binance-compatible API at `apiUrl` only,
   * `simulated` never leaves the process, `auto` asks Binance and falls back to the simulation
   * for `retryIntervalMs` whenever it cannot be reached. One poll per `pollIntervalMs`.
   */
  market: {
    mode: 'binance' | 'simulated' | 'auto';
    apiUrl: string;
    pollIntervalMs: number;
    timeoutMs: number;
    retryIntervalMs: number;
    /** Price streams one member, and one client address, may hold open at once. */
    streamsPerMember: number;
    streamsPerAddress: number;
    /** How often the sessions of open streams are checked again in the database. */
    streamCheckMs: number;
  };
  /** Scheduled jobs (compounding, team incomes, settlement) run in this process: JOBS, on unless NODE_ENV=test. */
  jobs: {
    enabled: boolean;
    compoundingBatchSize: number;
    /** Members whose weekly or monthly income one statement records. */
    incomeRunBatchSize: number;
    /** Pending incomes one settlement transaction credits. */
    settlementBatchSize: number;
  };
};

export class ConfigError extends Error {}

const SECRET_VARIABLES = new Set([
  'OPERATOR_PASSWORD',
  'DEMO_PASSWORD',
  'NOWPAYMENTS_API_KEY',
  'NOWPAYMENTS_IPN_SECRET',
  'METRICS_TOKEN',
  'SECOND_FACTOR_KEY',
  'PROOF_OF_WORK_KEY',
  'MEMBER_FILES_KEY',
  'MEMBER_FILES_PREVIOUS_KEYS',
  'SECOND_FACTOR_PREVIOUS_KEYS',
]);

/** Outside production only: known to anyone who reads this file, so it protects nothing real. */
const DEVELOPMENT_SECOND_FACTOR_KEY = createHash('sha256')
  .update('member-invest development second-factor key')
  .digest();

function secondFactorKeysOf(env: Env): SealingKeys | null {
  const current = env.SECOND_FACTOR_KEY
    ? Buffer.from(env.SECOND_FACTOR_KEY, 'base64')
    : env.NODE_ENV === 'production'
      ? null
      : DEVELOPMENT_SECOND_FACTOR_KEY;
  return current && { current, previous: previousKeysOf(env.SECOND_FACTOR_PREVIOUS_KEYS) };
}

/** Outside production only, like the second factor's: it protects nothing real. */
const DEVELOPMENT_MEMBER_FILES_KEY = createHash('sha256')
  .update('member-invest development member-files key')
  .digest();

/** Outside production only, like the second factor's: it protects nothing real. */
const DEVELOPMENT_PROOF_OF_WORK_KEY = createHash('sha256')
  .update('member-invest development proof-of-work key')
  .digest();

/** How a bad value is echoed: a secret never, a URL without its user name and password. */
function shownValue(name: string, value: string | undefined): string {
  if (value === undefined) return 'nothing';
  if (SECRET_VARIABLES.has(name)) return '(hidden)';
  return JSON.stringify(name.endsWith('_URL') ? withoutCredentials(value) : value);
}

/** Outside production a made-up address (not valid base58, so nothing can be sent to it). */
export const DEMO_DEPOSIT_ADDRESS = 'DEMO-USDT-ADDRESS-0-NOT-FOR-REAL-FUNDS';

/** Parses the environment; throws ConfigError, one line naming each bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(environment)';
      return `${name}: ${issue.message} (got ${shownValue(name, source[name])})`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    database: env.DATABASE_URL
      ? {
          url: env.DATABASE_URL,
          ...(env.DATABASE_REQUEST_URL ? { requestUrl: env.DATABASE_REQUEST_URL } : {}),
          poolSize: env.DATABASE_POOL_SIZE,
        }
      : { dataDir: env.DATA_DIR },
    databaseStartTimeoutMs: env.DATABASE_START_TIMEOUT_MS,
    databaseLimits: {
      requests: {
        lockTimeoutMs: env.DATABASE_LOCK_TIMEOUT_MS,
        statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
        idleInTransactionTimeoutMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      },
      jobs: {
        lockTimeoutMs: env.DATABASE_JOB_LOCK_TIMEOUT_MS,
        statementTimeoutMs: env.DATABASE_JOB_STATEMENT_TIMEOUT_MS,
      },
    },
    idempotencyLeaseMs: env.IDEMPOTENCY_LEASE_MS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL ?? supportEmailOf(env.MAIL_FROM),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    appNow: env.APP_NOW ? new Date(env.APP_NOW) : undefined,
    seedDemo: isDemo(env),
    demoPassword: env.DEMO_PASSWORD,
    logLevel: env.LOG_LEVEL,
    redisUrl: env.REDIS_URL,
    trustProxy: env.TRUST_PROXY,
    http: {
      headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
    },
    devMailbox: devMailboxOf(env),
    metricsToken: env.METRICS_TOKEN,
    rateLimits: {
      register: env.REGISTER_RATE_LIMIT,
      login: env.LOGIN_RATE_LIMIT,
      otp: env.OTP_RATE_LIMIT,
      passwordReset: env.RESET_RATE_LIMIT,
    },
    manualDeposit: manualDepositOf(env),
    explorers: {
      'TRC-20': { transaction: env.EXPLORER_TRC20_TX_URL, address: env.EXPLORER_TRC20_ADDRESS_URL },
      'BEP-20': { transaction: env.EXPLORER_BEP20_TX_URL, address: env.EXPLORER_BEP20_ADDRESS_URL },
    },
    paymentGateway:
      env.NOWPAYMENTS_API_KEY && env.NOWPAYMENTS_IPN_SECRET
        ? {
            apiUrl: env.NOWPAYMENTS_API_URL.replace(/\/$/, ''),
            apiKey: env.NOWPAYMENTS_API_KEY,
            ipnSecret: env.NOWPAYMENTS_IPN_SECRET,
            timeoutMs: env.NOWPAYMENTS_TIMEOUT_MS,
          }
        : undefined,
    secondFactorKeys: secondFactorKeysOf(env),
    memberFiles: {
      key: env.MEMBER_FILES_KEY
        ? Buffer.from(env.MEMBER_FILES_KEY, 'base64')
        : env.NODE_ENV === 'production'
          ? null
          : DEVELOPMENT_MEMBER_FILES_KEY,
      previousKeys: previousKeysOf(env.MEMBER_FILES_PREVIOUS_KEYS),
    },
    webauthn: webauthnConfigOf({
      publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
      rpId: env.WEBAUTHN_RP_ID,
      origins: env.WEBAUTHN_ORIGINS,
      rpName: siteNameOf(env.MAIL_FROM),
    }),
    proofOfWork: {
      key: env.PROOF_OF_WORK_KEY
        ? Buffer.from(env.PROOF_OF_WORK_KEY, 'base64')
        : env.NODE_ENV === 'production'
          ? null
          : DEVELOPMENT_PROOF_OF_WORK_KEY,
      registrationsPerAddress: env.PROOF_OF_WORK_REGISTRATIONS,
      resetRequestsPerAddress: env.PROOF_OF_WORK_RESET_REQUESTS,
      signInFailures: env.PROOF_OF_WORK_SIGN_IN_FAILURES,
      accountFailures: env.SIGN_IN_ACCOUNT_FAILURES,
    },
    requireOperatorSecondFactor:
      env.REQUIRE_OPERATOR_SECOND_FACTOR ?? env.NODE_ENV === 'production',
    operator:
      env.OPERATOR_EMAIL && env.OPERATOR_PASSWORD
        ? { email: env.OPERATOR_EMAIL, password: env.OPERATOR_PASSWORD, role: env.OPERATOR_ROLE }
        : undefined,
    market: {
      // Tests never reach the internet: they name the local fake when they want Binance.
      mode: env.MARKET_DATA ?? (env.NODE_ENV === 'test' ? 'simulated' : 'auto'),
      apiUrl: env.MARKET_API_URL.replace(/\/$/, ''),
      pollIntervalMs: env.MARKET_POLL_MS,
      timeoutMs: env.MARKET_TIMEOUT_MS,
      retryIntervalMs: env.MARKET_RETRY_MS,
      streamsPerMember: env.MARKET_STREAMS_PER_MEMBER,
      streamsPerAddress: env.MARKET_STREAMS_PER_ADDRESS,
      streamCheckMs: env.MARKET_STREAM_CHECK_MS,
    },
    jobs: {
      enabled: (env.JOBS ?? (env.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
      compoundingBatchSize: env.COMPOUNDING_BATCH_SIZE,
      incomeRunBatchSize: env.INCOME_RUN_BATCH_SIZE,
      settlementBatchSize: env.SETTLEMENT_BATCH_SIZE,
    },
  };
}

function manualDepositOf(env: Env): AppConfig['manualDeposit'] {
  const address =
    env.MANUAL_DEPOSIT_ADDRESS ??
    (env.NODE_ENV === 'production' ? undefined : DEMO_DEPOSIT_ADDRESS);
  return address ? { address, network: env.MANUAL_DEPOSIT_NETWORK } : undefined;
}

/**
 * Without SMTP_URL, outside production, the mailbox serves this machine only; behind a proxy
 * (TRUST_PROXY) every request may come from elsewhere, so it is off unless asked for.
 */
function devMailboxOf(env: Env): AppConfig['devMailbox'] {
  if (env.SMTP_URL || env.NODE_ENV === 'production') return 'off';
  return env.DEV_MAILBOX ?? (env.TRUST_PROXY ? 'off' : 'local');
}
