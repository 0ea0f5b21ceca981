import type { ErrorCode as AnswerCode, ValidationResult } from '@app/contracts';

/**
 * Every failure a client can cause, with its HTTP status. One table, so the same condition
 * always answers the same way; the comment says why each status was chosen. The codes are the
 * contracts' (ERROR_CODES): every one but INTERNAL, which only the error handler answers.
 */
export const errorCodes = {
  /** Bad input caught after schema validation (e.g. unknown sponsor): 422 like schema errors. */
  VALIDATION: 422,
  /** Malformed request (bad JSON, wrong content type). */
  BAD_REQUEST: 400,
  /** No, expired or revoked session; the client clears its token on 401. */
  UNAUTHORIZED: 401,
  /** Authenticated, but this kind of account may not use this endpoint. */
  FORBIDDEN: 403,
  /** Missing, or belonging to someone else: never reveal which. */
  NOT_FOUND: 404,
  /** The state forbids it now (already verified, idempotency key reused with another body). */
  CONFLICT: 409,
  /** Wrong or expired one-time code. */
  OTP_INVALID: 400,
  /**
   * The code checked was never delivered: its mail failed for good. 409 like any state that
   * refuses the request; the member asks for a new code rather than retrying this one.
   */
  CODE_NOT_SENT: 409,
  /** Sign-in failed; the same answer whether or not the id exists. */
  INVALID_CREDENTIALS: 401,
  /** The account is blocked by an operator. */
  ACCOUNT_BLOCKED: 403,
  /** The account was closed at its member's request (decision 0060): said only after the password. */
  ACCOUNT_CLOSED: 403,
  /**
   * The password was right, but the account has a second factor: not signed in yet (401), the
   * answer's `data` holds the challenge for POST auth/login/second-factor.
   */
  SECOND_FACTOR_REQUIRED: 401,
  /**
   * Signed in, but this change needs a fresh second factor (POST auth/second-factor/verify, then
   * the same request again): 403, not 401, so the client keeps its session.
   */
  STEP_UP_REQUIRED: 403,
  /**
   * A registration, reset request or sign-in that must first carry a solved proof-of-work
   * challenge (decision 0050): 428 Precondition Required, since the request itself is well formed
   * (not 400, which the client reads as its own mistake) and nobody is unauthorised yet (not 401,
   * which the sign-in's client reads as wrong credentials); `data` says where to get a challenge.
   */
  PROOF_OF_WORK_REQUIRED: 428,
  /**
   * An operator signed in, but the console needs their authenticator set up first (0049): 403,
   * the session is kept and opens only the enrolment, who-am-I and sign-out.
   */
  SECOND_FACTOR_ENROLMENT_REQUIRED: 403,
  /** Too many attempts; try again later. */
  RATE_LIMITED: 429,
  /** Not enough available balance for the operation. */
  INSUFFICIENT_FUNDS: 422,
  /** A security change paused withdrawals for a while: the state refuses it now, like 409s. */
  WITHDRAWALS_ON_HOLD: 409,
  /** A withdrawal or deposit that needs a verified identity: the state refuses it, like 409s. */
  VERIFICATION_REQUIRED: 409,
  /** No daily profit has accrued since the last claim: the state, not the input, refuses it. */
  NOTHING_TO_CLAIM: 409,
  /** A request with this Idempotency-Key is still running. */
  IDEMPOTENCY_IN_PROGRESS: 409,
  /** The same Idempotency-Key was used with a different request. */
  IDEMPOTENCY_KEY_REUSED: 409,
  /**
   * The database or an outside service (the payment gateway) could not be reached in time; a
   * connection-level database failure (refused, terminated, shutting down) answers this too,
   * always with Retry-After.
   */
  UNAVAILABLE: 503,
  /**
   * The record stayed locked by another operation past the lock timeout, or the statement ran
   * past its limit (decision 0039): 409 like any state that refuses the request now, with
   * Retry-After since the same request will likely succeed in a moment. Nothing was changed.
   */
  BUSY: 409,
} as const satisfies Record<Exclude<AnswerCode, 'INTERNAL'>, number>;

/** Retry-After of every 503: long enough for a restart or a failover to finish. */
export const RETRY_AFTER_SECONDS = 5;

/** Retry-After of a busy record: most row locks are held for milliseconds. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

export type ErrorCode = keyof typeof errorCodes;

export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** What the client needs to go on (a sign-in's second-factor challenge): the answer's `data`. */
    readonly data?: unknown,
  ) {
    super(message);
    this.statusCode = errorCodes[code];
  }
}

/** A validation failure for fields the schema cannot judge alone (unknown sponsor, taken email). */
export class FieldError extends Error {
  readonly statusCode = 422;
  constructor(readonly results: ValidationResult[]) {
    super(results.map((result) => `${result.field}: ${result.reason}`).join('; '));
  }
}

export const fieldError = (field: string, reason: string) => new FieldError([{ field, reason }]);
