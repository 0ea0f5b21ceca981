import { DrizzleQueryError } from 'drizzle-orm';

// What may reach the log. Errors are kept to parts that cannot hold a member's data: a failed
// query's error carries its SQL text and parameters (a password hash, an email, a mobile
// number) in its message, stack and fields, and PostgreSQL's `detail` repeats the offending
// key's value; only codes, names and a message without those are logged. URLs lose the values
// of parameters that carry a token or a code.

const SENSITIVE_PARAMETER =
  /token|password|passwd|secret|otp|signature|api_?key|^code$|^key$|^sig$/i;
const REDACTED = '[redacted]';

/** A path and query as logged: sensitive parameters keep their name, never their value. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const parameters = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && SENSITIVE_PARAMETER.test(safeDecode(name))
        ? `${name}=${REDACTED}`
        : pair;
    });
  return `${url.slice(0, start)}?${parameters.join('&')}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

export type SafeError = {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  [field: string]: unknown;
};

/** PostgreSQL error fields that name things, never hold values (the SQLSTATE, constraint...). */
const DATABASE_FIELDS = [
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
];
/** Node's system error fields (connection refused, timed out...). */
const SYSTEM_FIELDS = ['errno', 'syscall', 'address', 'port', 'statusCode'];
const MAX_DEPTH = 4;

/**
 * The log's `err` serializer: type, a safe message, the stack's frames under that message, a
 * code, the naming fields of a database error and the same for its cause(s). Nothing else of
 * the error object is copied, since an unknown field may hold anything.
 */
export function serializeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const message = safeMessage(error);
  const result: SafeError = { type: error.name || error.constructor.name, message };
  if (error.stack) result.stack = framesUnder(`${result.type}: ${message}`, error.stack);
  const fields = error as unknown as Record<string, unknown>;
  if (typeof fields.code === 'string' || typeof fields.code === 'number')
    result.code = String(fields.code);
  for (const name of [...(isDatabaseError(error) ? DATABASE_FIELDS : []), ...SYSTEM_FIELDS]) {
    const value = fields[name];
    if (typeof value === 'string' || typeof value === 'number') result[name] = value;
  }
  if (depth < MAX_DEPTH) {
    if (error.cause !== undefined) result.cause = serializeError(error.cause, depth + 1);
    if (error instanceof AggregateError)
      result.errors = error.errors.slice(0, 5).map((inner) => serializeError(inner, depth + 1));
  }
  return result;
}

/** A PostgreSQL error (node-postgres or PGlite): a five-character SQLSTATE and a severity. */
export const isDatabaseError = (error: Error): boolean => {
  const { code, severity } = error as Error & { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
};

/** drizzle's wrapper of a failed query: `Failed query: <sql>\nparams: <values>`. */
const isFailedQuery = (error: Error) =>
  error instanceof DrizzleQueryError || error.message.startsWith('Failed query:');

/**
 * SQLSTATE classes whose quoted words come from the connection settings, never from a member:
 * 08 connection exception, 28 authorization (`password authentication failed for user "app"`),
 * 3D invalid catalog (`database "invest" does not exist`), 3F invalid schema. Their names are
 * what the person starting the server needs to read; the password is never in such a message.
 */
const CONNECTION_SETTING_CLASSES = new Set(['08', '28', '3D', '3F']);

function safeMessage(error: Error): string {
  if (isFailedQuery(error)) return 'Failed query (its text and parameters are not logged)';
  if (!isDatabaseError(error)) return error.message;
  const { code } = error as Error & { code: string };
  if (CONNECTION_SETTING_CLASSES.has(code.slice(0, 2))) return error.message;
  // PostgreSQL quotes names ("members_email_key") and values ("abc" in "invalid input syntax
  // for type uuid"): only the names this error itself reports are kept.
  const fields = error as unknown as Record<string, unknown>;
  const names = new Set(DATABASE_FIELDS.map((name) => fields[name]).filter(Boolean));
  return error.message.replace(/"([^"]*)"/g, (quoted, inner: string) =>
    names.has(inner) ? quoted : `"${REDACTED}"`,
  );
}

/** The stack's `at ...` frames under a new first line, so the original message is dropped. */
function framesUnder(headline: string, stack: string): string {
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [headline, ...frames].join('\n');
}

/** The log's `req` serializer: Fastify's fields, with the URL redacted. */
export function serializeRequest(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
