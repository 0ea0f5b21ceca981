// Which database failures are not the request's fault. drizzle wraps a failed query's error in
// its own (as `cause`), a pool that cannot connect may answer an AggregateError (one error per
// address tried): the whole chain is looked at.

/** SQLSTATEs meaning "no usable connection": the server is down, starting, stopping or full. */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown: the server is shutting down (or a DBA terminated the connection)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting up or in recovery
  '53300', // too_many_connections
  // The server ended the connection under the request: its transaction sat idle past
  // idle_in_transaction_session_timeout (decision 0039), or the session idled past
  // idle_session_timeout. The transaction was rolled back, so a retry is safe.
  '25P03', // idle_in_transaction_session_timeout
  '57P05', // idle_session_timeout
]);
const CONNECTION_EXCEPTION_CLASS = '08'; // connection_failure, sqlclient_unable_to_establish...
/** Node's socket errors on the way to the server. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** node-postgres, its pool and PGlite say these without a code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
  'PGlite is closing',
];

/**
 * pg-pool's words when every connection stayed busy for its whole connection timeout (a new
 * connection that does not come up in time says 'Connection terminated due to connection
 * timeout' instead); the request pool's transaction gate says the same (db/connection-pool.ts).
 */
export const POOL_SATURATED_MESSAGE = 'timeout exceeded when trying to connect';

/**
 * SQLSTATEs of a statement stopped by its limits (decision 0039): the row it wanted stayed locked
 * past lock_timeout (or NOWAIT), or it ran past statement_timeout. Nothing was changed.
 */
const BUSY_STATES = new Set([
  '55P03', // lock_not_available
  '57014', // query_canceled: statement_timeout (or a cancel request)
]);

/** Text PostgreSQL cannot store: 22021 (a NUL byte, an invalid sequence) and 22P05. */
const UNSTORABLE_TEXT_STATES = new Set(['22021', '22P05']);

function* chainOf(error: unknown, depth = 0): Generator<Error> {
  if (!(error instanceof Error) || depth > 4) return;
  yield error;
  if (error instanceof AggregateError)
    for (const inner of error.errors) yield* chainOf(inner, depth + 1);
  yield* chainOf(error.cause, depth + 1);
}

const codeOf = (error: Error) => {
  const { code } = error as Error & { code?: unknown };
  return typeof code === 'string' ? code : undefined;
};

/** The database could not be reached or is going away: the client should retry later (503). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of chainOf(error)) {
    const code = codeOf(link);
    if (code && (UNAVAILABLE_STATES.has(code) || SOCKET_CODES.has(code))) return true;
    if (code?.length === 5 && code.startsWith(CONNECTION_EXCEPTION_CLASS)) return true;
    if (UNAVAILABLE_MESSAGES.some((message) => link.message.startsWith(message))) return true;
  }
  return false;
}

/** Every connection was busy until the wait ran out: the server is up, the pool is full (503). */
export function isPoolSaturated(error: unknown): boolean {
  for (const link of chainOf(error)) if (link.message === POOL_SATURATED_MESSAGE) return true;
  return false;
}

/** A row stayed locked, or a statement ran, past its limit: the record is busy (409, retry). */
export function isRecordBusy(error: unknown): boolean {
  for (const link of chainOf(error)) {
    const code = codeOf(link);
    if (code && BUSY_STATES.has(code)) return true;
  }
  return false;
}

/** Input that reached PostgreSQL as text it cannot encode: the request's fault (400). */
export function isUnstorableText(error: unknown): boolean {
  for (const link of chainOf(error)) {
    const code = codeOf(link);
    if (code && UNSTORABLE_TEXT_STATES.has(code)) return true;
  }
  return false;
}
