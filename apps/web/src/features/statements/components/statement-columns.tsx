import { walletLabels, type StatementLine } from '@app/contracts';
import { Money } from '../../../components/money.tsx';
import { dateTimeColumn, moneyColumn } from '../../../components/record-columns.tsx';
import type { RecordColumn } from '../../../components/record-list.tsx';

/** A statement line's movement: + and green for a credit, - and red for a debit. */
function SignedAmount({ value }: { value: number }) {
  return (
    <Money
      value={value}
      decimals="amount"
      isSigned
      sx={{ whiteSpace: 'nowrap', color: value < 0 ? 'error.main' : 'success.main' }}
    />
  );
}

/** The ledger statement, a row per movement of a wallet, with the balance after it. */
export const statementColumns: RecordColumn<StatementLine>[] = [
  dateTimeColumn('Date', (line) => line.createdAt, 'detail'),
  { header: 'Wallet', cell: (line) => walletLabels[line.wallet], card: 'detail' },
  { header: 'Description', cell: (line) => line.description, card: 'title' },
  {
    header: 'Amount',
    cell: (line) => <SignedAmount value={line.amount} />,
    align: 'right',
    card: 'amount',
  },
  moneyColumn('Balance after', (line) => line.balanceAfter, 'detail'),
];
