// The `error` of every failed answer (`{status: 'error', message, error}`, decision 0002). The
// API maps each to its HTTP status (apps/api/src/lib/errors.ts); the web app reads them typed.

export const ERROR_CODES = [
  'VALIDATION',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'OTP_INVALID',
  'CODE_NOT_SENT',
  'INVALID_CREDENTIALS',
  'ACCOUNT_BLOCKED',
  /** The right password on an account closed at its member's request (decision 0060). */
  'ACCOUNT_CLOSED',
  /** The password was right and the account has a second factor: the answer carries a challenge. */
  'SECOND_FACTOR_REQUIRED',
  /** A money or security change needs a second factor proved in the last 5 minutes (0047). */
  'STEP_UP_REQUIRED',
  /** The request needs a solved proof-of-work challenge first; `data` says where to get one (0050). */
  'PROOF_OF_WORK_REQUIRED',
  /**
   * An operator who must have a second factor (production) and has none yet: their session opens
   * only the enrolment, who-am-I and sign-out until it is set up (decision 0049).
   */
  'SECOND_FACTOR_ENROLMENT_REQUIRED',
  'RATE_LIMITED',
  'INSUFFICIENT_FUNDS',
  /** Withdrawals wait for a while after a security change; the message says until when. */
  'WITHDRAWALS_ON_HOLD',
  /**
   * The operators ask for a verified identity first (decision 0055); the message says why and
   * `data.verificationPath` names the screen that takes the documents.
   */
  'VERIFICATION_REQUIRED',
  'NOTHING_TO_CLAIM',
  'IDEMPOTENCY_IN_PROGRESS',
  'IDEMPOTENCY_KEY_REUSED',
  'UNAVAILABLE',
  /** A record another operation holds: nothing was done; try again after Retry-After. */
  'BUSY',
  /** An unexpected failure: the answer says only that something went wrong, with a request id. */
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Whether an answer's `error` is one of ours (an older or newer server may send another). */
export const isErrorCode = (value: unknown): value is ErrorCode =>
  (ERROR_CODES as readonly unknown[]).includes(value);
