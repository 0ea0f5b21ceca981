import { z } from 'zod';
import { OPERATOR_EMAIL_PATTERN } from '@app/contracts';

// Every environment variable the server reads, parsed in this one place. A bad value stops
// the start with a message naming the variable (see formatConfigError).

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = z.coerce.number().int().positive();

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_POOL_SIZE: positiveInt.max(500).default(20),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Member Invest <no-reply@member-invest.local>'),
    PUBLIC_URL: z.url().optional(),
    APP_NOW: z.iso.datetime({ offset: true }).optional(),
    SEED_DEMO: booleanFlag.optional(),
    DEMO_PASSWORD: z.string().min(8).max(128).default('demo-pass-2026'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    TRUST_PROXY: booleanFlag.default(false),
    REGISTER_RATE_LIMIT: positiveInt.default(200),
    LOGIN_RATE_LIMIT: positiveInt.default(30),
    OTP_RATE_LIMIT: positiveInt.default(5),
    MANUAL_DEPOSIT_ADDRESS: z.string().trim().min(1).max(200).optional(),
    MANUAL_DEPOSIT_NETWORK: z.string().trim().min(1).max(40).default('TRC-20'),
    NOWPAYMENTS_API_URL: z.url().default('https://api.nowpayments.io'),
    NOWPAYMENTS_API_KEY: z.string().trim().min(1).optional(),
    NOWPAYMENTS_IPN_SECRET: z.string().trim().min(1).optional(),
    NOWPAYMENTS_TIMEOUT_MS: positiveInt.max(60_000).default(10_000),
    OPERATOR_EMAIL: z
      .string()
      .trim()
      .max(254)
      .regex(OPERATOR_EMAIL_PATTERN, 'must be an email address')
      .transform((value) => value.toLowerCase())
      .optional(),
    OPERATOR_PASSWORD: z.string().max(128).optional(),
    OPERATOR_ROLE: z.enum(['admin', 'finance', 'support']).default('admin'),
    JOBS: z.enum(['on', 'off']).optional(),
    COMPOUNDING_BATCH_SIZE: positiveInt.max(10_000).default(200),
  })
  .superRefine((env, ctx) => {
    if (env.APP_NOW && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_NOW'],
        message:
          'is refused when NODE_ENV=production (the clock may only be moved in demos and tests)',
      });
    }
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
    // Outside demo mode the operator password guards real money: at least 12 characters.
    const demo = env.SEED_DEMO ?? !env.DATABASE_URL;
    if (env.OPERATOR_PASSWORD !== undefined && !demo && env.OPERATOR_PASSWORD.length < 12) {
      ctx.addIssue({
        code: 'custom',
        path: ['OPERATOR_PASSWORD'],
        message: 'must be at least 12 characters (outside demo mode)',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export type AppConfig = {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  database: { url: string; poolSize: number } | { dataDir: string };
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  appNow: Date | undefined;
  seedDemo: boolean;
  demoPassword: string;
  logLevel: Env['LOG_LEVEL'];
  redisUrl: string | undefined;
  trustProxy: boolean;
  rateLimits: { register: number; login: number; otp: number };
  /** Where members send USDT for a manual deposit; unset in production means no manual deposits. */
  manualDeposit: { address: string; network: string } | undefined;
  /** The NOWPayments-compatible gateway; unset means no gateway deposits. */
  paymentGateway:
    { apiUrl: string; apiKey: string; ipnSecret: string; timeoutMs: number } | undefined;
  /** The operator created or updated at start, from OPERATOR_EMAIL / OPERATOR_PASSWORD. */
  operator: { email: string; password: string; role: Env['OPERATOR_ROLE'] } | undefined;
  /** Scheduled jobs (compounding income) run in this process: JOBS, on unless NODE_ENV=test. */
  jobs: { enabled: boolean; compoundingBatchSize: number };
};

export class ConfigError extends Error {}

const SECRET_VARIABLES = new Set([
  'OPERATOR_PASSWORD',
  'DEMO_PASSWORD',
  'NOWPAYMENTS_API_KEY',
  'NOWPAYMENTS_IPN_SECRET',
]);

/** Outside production a made-up address (not valid base58, so nothing can be sent to it). */
export const DEMO_DEPOSIT_ADDRESS = 'DEMO-USDT-ADDRESS-0-NOT-FOR-REAL-FUNDS';

/** Parses the environment; throws ConfigError naming each bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(environment)';
      const value = source[String(issue.path[0])];
      // A password is never echoed into the log, even a wrong one.
      const shown =
        SECRET_VARIABLES.has(name) && value ? '(hidden)' : JSON.stringify(value ?? null);
      return `${name}: ${issue.message} (got ${shown})`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const env = parsed.data;
  const isEmbedded = !env.DATABASE_URL;
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    database: env.DATABASE_URL
      ? { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { dataDir: env.DATA_DIR },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    appNow: env.APP_NOW ? new Date(env.APP_NOW) : undefined,
    // Demo data comes with the embedded database unless switched off explicitly.
    seedDemo: env.SEED_DEMO ?? isEmbedded,
    demoPassword: env.DEMO_PASSWORD,
    logLevel: env.LOG_LEVEL,
    redisUrl: env.REDIS_URL,
    trustProxy: env.TRUST_PROXY,
    rateLimits: {
      register: env.REGISTER_RATE_LIMIT,
      login: env.LOGIN_RATE_LIMIT,
      otp: env.OTP_RATE_LIMIT,
    },
    manualDeposit: manualDepositOf(env),
    paymentGateway:
      env.NOWPAYMENTS_API_KEY && env.NOWPAYMENTS_IPN_SECRET
        ? {
            apiUrl: env.NOWPAYMENTS_API_URL.replace(/\/$/, ''),
            apiKey: env.NOWPAYMENTS_API_KEY,
            ipnSecret: env.NOWPAYMENTS_IPN_SECRET,
            timeoutMs: env.NOWPAYMENTS_TIMEOUT_MS,
          }
        : undefined,
    operator:
      env.OPERATOR_EMAIL && env.OPERATOR_PASSWORD
        ? { email: env.OPERATOR_EMAIL, password: env.OPERATOR_PASSWORD, role: env.OPERATOR_ROLE }
        : undefined,
    jobs: {
      enabled: (env.JOBS ?? (env.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
      compoundingBatchSize: env.COMPOUNDING_BATCH_SIZE,
    },
  };
}

function manualDepositOf(env: Env): AppConfig['manualDeposit'] {
  const address =
    env.MANUAL_DEPOSIT_ADDRESS ??
    (env.NODE_ENV === 'production' ? undefined : DEMO_DEPOSIT_ADDRESS);
  return address ? { address, network: env.MANUAL_DEPOSIT_NETWORK } : undefined;
}
