// The ledger is the only code that moves money (decision 0001): modules call these
// functions inside their use case's transaction and never write ledger tables themselves.
export * from './accounts.ts';
export * from './adjustments.ts';
export * from './errors.ts';
export * from './explorer.ts';
export * from './holds.ts';
export * from './member-income.ts';
export * from './member-postings.ts';
export * from './reconcile.ts';
export * from './transaction.ts';
export {
  postTransfer,
  validateTransfer,
  type PostedLine,
  type PostTransferResult,
  type TransferInput,
  type TransferLine,
} from './transfers.ts';
