// Typed refusals of the ledger. Modules map `code` to an HTTP answer (e.g. INSUFFICIENT_FUNDS →
// 400 with a message naming the wallet); anything else escaping the ledger is a bug (500).

export type LedgerErrorCode =
  /** A member account would go below what is held (or below zero). Roll the transaction back. */
  | 'INSUFFICIENT_FUNDS'
  /** The transfer is malformed (unbalanced, zero amount, fewer than two lines...): a caller bug. */
  | 'INVALID_TRANSFER'
  /** An account id that does not exist, or a member account that was never opened. */
  | 'UNKNOWN_ACCOUNT'
  | 'HOLD_NOT_FOUND'
  /** The hold was already posted or voided in a different way than asked now. */
  | 'HOLD_ALREADY_RESOLVED'
  /** postHold's transfer reference already belongs to another transfer. */
  | 'REFERENCE_IN_USE'
  /**
   * A transfer replayed with a reference the ledger knows, asking for something else (another
   * kind, member, account or amount): not a harmless replay, so not answered `duplicate`.
   */
  | 'REFERENCE_CONFLICT';

export class LedgerError extends Error {
  readonly code: LedgerErrorCode;
  constructor(code: LedgerErrorCode, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}

export class InsufficientFundsError extends LedgerError {
  readonly accountId: bigint;
  /** Micro-dollars the operation needed from the account's available balance. */
  readonly requested: bigint;
  /** Available (balance - held) when the refusal was decided. */
  readonly available: bigint;
  constructor(accountId: bigint, requested: bigint, available: bigint) {
    super(
      'INSUFFICIENT_FUNDS',
      `account ${accountId} has ${available} available micro-dollars, ${requested} needed`,
    );
    this.accountId = accountId;
    this.requested = requested;
    this.available = available;
  }
}

export class InvalidTransferError extends LedgerError {
  constructor(message: string) {
    super('INVALID_TRANSFER', message);
  }
}

export class UnknownAccountError extends LedgerError {
  constructor(message: string) {
    super('UNKNOWN_ACCOUNT', message);
  }
}

export class HoldNotFoundError extends LedgerError {
  readonly holdId: bigint;
  constructor(holdId: bigint) {
    super('HOLD_NOT_FOUND', `hold ${holdId} does not exist`);
    this.holdId = holdId;
  }
}

export class HoldAlreadyResolvedError extends LedgerError {
  readonly holdId: bigint;
  readonly status: 'posted' | 'voided';
  constructor(holdId: bigint, status: 'posted' | 'voided') {
    super('HOLD_ALREADY_RESOLVED', `hold ${holdId} is already ${status}`);
    this.holdId = holdId;
    this.status = status;
  }
}

export class ReferenceInUseError extends LedgerError {
  readonly reference: string;
  constructor(reference: string) {
    super(
      'REFERENCE_IN_USE',
      `transfer reference ${reference} is already used by another transfer`,
    );
    this.reference = reference;
  }
}

export class ReferenceConflictError extends LedgerError {
  readonly reference: string;
  constructor(reference: string) {
    super(
      'REFERENCE_CONFLICT',
      `transfer reference ${reference} was already posted with different lines, kind or member`,
    );
    this.reference = reference;
  }
}

/**
 * SQLSTATEs raised by the ledger's own triggers (migration ledger_guards). Seeing one at run time
 * means application code tried something the books forbid.
 */
export const LEDGER_SQLSTATE = {
  appendOnly: 'LG001',
  unbalancedTransfer: 'LG002',
  holdResolved: 'LG003',
  accountIdentity: 'LG004',
} as const;

/**
 * The PostgreSQL SQLSTATE of an error, looked up through `cause` too: drizzle wraps driver errors
 * in DrizzleQueryError and keeps the original (with its `code`) as the cause.
 */
export function findSqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
