import { microsToDollars, type ReconciliationData } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import {
  readWalletTotals,
  reconcile,
  type Reconciliation,
  type WalletTotals,
} from '../../ledger/index.ts';

/** The ledger's own check and its totals, exact: what the report and its CSV are made from. */
export type ReconciliationSources = { check: Reconciliation; totals: WalletTotals; now: Date };

export async function readReconciliationSources(
  db: Executor,
  now: Date,
): Promise<ReconciliationSources> {
  const [check, totals] = await Promise.all([reconcile(db), readWalletTotals(db)]);
  return { check, totals, now };
}

/** Mismatches of every kind together: 0 when the books reconcile. */
export const reconciliationIssues = ({ check }: ReconciliationSources) =>
  check.unbalancedTransfers.length + check.mismatchedAccounts.length + check.heldMismatch.length;

export const memberAccountCount = (totals: WalletTotals) =>
  [...totals.members.values()].reduce((sum, kind) => sum + kind.accounts, 0);

export const sortedHouseAccounts = (totals: WalletTotals) =>
  [...totals.house].sort(([a], [b]) => a.localeCompare(b));

/**
 * GET operator/reconciliation: the ledger's own check (every cached balance against its postings,
 * every transfer balanced, held against pending holds, all postings summing to zero) with the
 * totals an operator compares against the bank: wallets by kind and the house accounts.
 */
export function reconciliationView({
  check,
  totals,
  now,
}: ReconciliationSources): ReconciliationData {
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
    memberAccounts: memberAccountCount(totals),
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
    houseAccounts: sortedHouseAccounts(totals).map(([code, balance]) => ({
      code,
      balance: microsToDollars(balance),
    })),
  };
}

export const readReconciliation = async (db: Executor, now: Date) =>
  reconciliationView(await readReconciliationSources(db, now));
