import type { ErrorCode, ValidationResult } from '@app/contracts';

/** A failed call. `status` is 0 when no HTTP answer arrived (offline, DNS, aborted proxy). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: ErrorCode | undefined = undefined,
    readonly validation: ValidationResult[] = [],
    /** Seconds the server asked to wait (its `Retry-After`), when it said. */
    readonly retryAfterSeconds: number | null = null,
    /** What the screen needs to go on, for the few errors that carry it (a sign-in's challenge). */
    readonly data: unknown = undefined,
  ) {
    super(message);
  }
}

/** A `Retry-After` header in seconds: a number of seconds, or an HTTP date from now. */
export function readRetryAfter(header: string | null, now = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  // An HTTP date names its day and month; Date.parse alone would take '-5' as a year.
  const at = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
