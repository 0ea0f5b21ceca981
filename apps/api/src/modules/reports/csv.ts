import { microsToDecimalString } from '@app/contracts';
import { csvDocument, type CsvCell } from '../../lib/csv.ts';
import type { ExploredTransfer } from '../../ledger/index.ts';
import type { LiabilityMicros } from './liabilities.ts';
import {
  memberAccountCount,
  sortedHouseAccounts,
  type ReconciliationSources,
} from './reconciliation.ts';

// The reports as CSV, exact decimal amounts (the JSON carries numbers), CRLF line ends.

const decimal = microsToDecimalString;

export function transfersCsv(rows: ExploredTransfer[]): string {
  return csvDocument(
    ['id', 'createdAt', 'kind', 'reference', 'memberCode', 'memberName', 'amount', 'postingCount'],
    rows.map((row) => [
      row.id.toString(),
      row.createdAt.toISOString(),
      row.kind,
      { text: row.reference },
      row.memberCode,
      row.memberName === null ? null : { text: row.memberName },
      decimal(row.amount),
      row.postingCount,
    ]),
  );
}

export function liabilitiesCsv(figures: LiabilityMicros, asOf: Date): string {
  return csvDocument(
    ['asOf', 'figure', 'amount'],
    Object.entries(figures).map(([name, micros]) => [asOf.toISOString(), name, decimal(micros)]),
  );
}

/**
 * One line per fact, by section: the check itself, member wallets by kind (balance, held), house
 * accounts, then any mismatch (its amounts in `amount` and `held`, what it is compared with in
 * `note`).
 */
export function reconciliationCsv(sources: ReconciliationSources): string {
  const { check, totals, now } = sources;
  const rows: CsvCell[][] = [
    ['check', 'checkedAt', null, null, now.toISOString()],
    ['check', 'ok', null, null, String(check.ok)],
    ['check', 'totalPostings', decimal(check.totalPostings), null, null],
    ['check', 'transfers', null, null, totals.transfers],
    ['check', 'memberAccounts', null, null, memberAccountCount(totals)],
  ];
  for (const [wallet, figures] of totals.members) {
    rows.push(['memberWallet', wallet, decimal(figures.balance), decimal(figures.held), null]);
  }
  for (const [code, balance] of sortedHouseAccounts(totals)) {
    rows.push(['houseAccount', code, decimal(balance), null, null]);
  }
  for (const transfer of check.unbalancedTransfers) {
    rows.push([
      'unbalancedTransfer',
      transfer.transferId.toString(),
      decimal(transfer.sum),
      null,
      `${transfer.postingCount} postings`,
    ]);
  }
  for (const account of check.mismatchedAccounts) {
    rows.push([
      'mismatchedAccount',
      account.accountId.toString(),
      decimal(account.cached),
      null,
      `postings sum ${decimal(account.sum)}`,
    ]);
  }
  for (const account of check.heldMismatch) {
    rows.push([
      'heldMismatch',
      account.accountId.toString(),
      null,
      decimal(account.held),
      `pending holds ${decimal(account.pending)}`,
    ]);
  }
  return csvDocument(['section', 'item', 'amount', 'held', 'note'], rows);
}
