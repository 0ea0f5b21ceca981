import { microsToDollars, type ReconciliationData } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { readWalletTotals, reconcile } from '../../ledger/index.ts';

/**
 * GET operator/reconciliation: the ledger's own check (every cached balance against its postings,
 * every transfer balanced, held against pending holds, all postings summing to zero) with the
 * totals an operator compares against the bank: wallets by kind and the house accounts.
 */
export async function readReconciliation(db: Executor, now: Date): Promise<ReconciliationData> {
  const [check, totals] = await Promise.all([reconcile(db), readWalletTotals(db)]);
  return {
    checkedAt: now.toISOString(),
    ok: check.ok,
    totalPostings: microsToDollars(check.totalPostings),
    transfers: totals.transfers,
    unbalancedTransfers: check.unbalancedTransfers.map((transfer) => ({
      transferId: String(transfer.transferId),
      postingCount: transfer.postingCount,
      sum: microsToDollars(transfer.sum),
    })),
    memberAccounts: [...totals.members.values()].reduce((sum, kind) => sum + kind.accounts, 0),
    mismatchedAccounts: check.mismatchedAccounts.map((account) => ({
      accountId: String(account.accountId),
      cached: microsToDollars(account.cached),
      postings: microsToDollars(account.sum),
    })),
    heldMismatches: check.heldMismatch.map((account) => ({
      accountId: String(account.accountId),
      held: microsToDollars(account.held),
      pending: microsToDollars(account.pending),
    })),
    memberWallets: [...totals.members].map(([wallet, figures]) => ({
      wallet,
      balance: microsToDollars(figures.balance),
      held: microsToDollars(figures.held),
    })),
    houseAccounts: [...totals.house]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, balance]) => ({ code, balance: microsToDollars(balance) })),
  };
}
