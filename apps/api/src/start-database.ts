import type { Logger } from 'pino';
import type { AppConfig } from './config/env.ts';
import { openDatabase, type Database, type DatabaseOptions } from './db/client.ts';
import { RequestRoleUnavailable } from './db/request-role.ts';
import { isDatabaseUnavailable } from './lib/database-failures.ts';

// Opening the database at start. In a deployment the database often comes up after the app
// (containers started together, a failover), so a server that cannot be reached yet is asked
// again with a growing pause for DATABASE_START_TIMEOUT_MS. What cannot get better by waiting
// (no such database, a wrong password) stops at once. Either way the start ends with one line
// saying what was tried and what to check, never with a stack and never with the password.

/** A start that must not go on, said in one line to whoever runs it. */
export class StartRefused extends Error {}

const FIRST_PAUSE_MS = 250;
const LONGEST_PAUSE_MS = 5_000;

export type StartDeps = {
  open: (options: DatabaseOptions) => Promise<Database>;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
};

const realDeps: StartDeps = {
  open: openDatabase,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
};

export async function openDatabaseAtStart(
  config: Pick<AppConfig, 'database' | 'databaseStartTimeoutMs'> &
    Partial<Pick<AppConfig, 'databaseLimits'>>,
  logger: Pick<Logger, 'warn'>,
  deps: StartDeps = realDeps,
): Promise<Database> {
  const { database } = config;
  const limits = config.databaseLimits
    ? { requestLimits: config.databaseLimits.requests, jobLimits: config.databaseLimits.jobs }
    : {};
  if (!('url' in database)) return deps.open({ dataDir: database.dataDir, ...limits });
  const target = describeTarget(database.url);
  const deadline = deps.now() + config.databaseStartTimeoutMs;
  let pause = FIRST_PAUSE_MS;
  for (;;) {
    try {
      return await deps.open({
        databaseUrl: database.url,
        ...(database.requestUrl ? { requestUrl: database.requestUrl } : {}),
        poolSize: database.poolSize,
        ...limits,
      });
    } catch (error) {
      // The owner may not create the request role: what to set is already said in one line.
      if (error instanceof RequestRoleUnavailable) throw new StartRefused(error.message);
      const reason = reasonOf(error);
      if (isMissingDatabase(error)) throw new StartRefused(refusal(target, reason, error));
      if (!isDatabaseUnavailable(error)) {
        // A refusal by the server (no such database, a wrong password) is said in one line;
        // anything else is a fault of the program, logged with its stack by server.ts.
        if (/^[0-9A-Z]{5}$/.test(codeOf(error) ?? ''))
          throw new StartRefused(refusal(target, reason, error));
        throw error;
      }
      const left = deadline - deps.now();
      if (left <= 0)
        throw new StartRefused(
          `Start refused: the database at ${target} could not be reached within ` +
            `${seconds(config.databaseStartTimeoutMs)} (${reason}). Check that PostgreSQL is ` +
            `running and accepts connections at that host and port, and DATABASE_URL; ` +
            `DATABASE_START_TIMEOUT_MS sets how long the start waits for it.`,
        );
      const wait = Math.min(pause, left);
      logger.warn(
        `database at ${target} not reachable yet (${reason}); trying again in ${seconds(wait)}`,
      );
      await deps.sleep(wait);
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    }
  }
}

/**
 * No such database: waiting cannot cure it. The server says 3D000; PgBouncer relays the same
 * words under its protocol-violation code 08P01, which would otherwise read as "not up yet".
 */
function isMissingDatabase(error: unknown): boolean {
  const code = codeOf(error) ?? '';
  if (code === '3D000') return true;
  return code === '08P01' && /database ".*" does not exist/.test(reasonOf(error));
}

/** What a refusal that waiting cannot cure says to check, by SQLSTATE class. */
function refusal(target: string, reason: string, error: unknown): string {
  const code = codeOf(error) ?? '';
  const check = isMissingDatabase(error)
    ? 'Create that database (e.g. createdb) or name an existing one in DATABASE_URL.'
    : code.startsWith('28')
      ? 'Check the user name and password in DATABASE_URL and pg_hba.conf on the server.'
      : 'Check DATABASE_URL and the database server.';
  return `Start refused: the database at ${target} refused the start (${reason}). ${check}`;
}

/** host:port/database and the user, as node-postgres will use them; never the password. */
export function describeTarget(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const host = url.searchParams.get('host') ?? (url.hostname || 'localhost');
  const user = decodeURIComponent(url.username) || process.env.PGUSER || 'the system user';
  const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || user;
  return `${host}:${url.port || '5432'}/${name} (user ${user})`;
}

/** The innermost useful sentence: a pool's AggregateError or drizzle's wrapper hide it. */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors[0] instanceof Error)
    return reasonOf(error.errors[0]);
  if (!(error instanceof Error)) return String(error);
  const code = codeOf(error);
  const message = error.message || code || error.name;
  if (!code || message.includes(code)) return message;
  return `${message}, ${/^[0-9A-Z]{5}$/.test(code) ? 'SQLSTATE ' : ''}${code}`;
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
