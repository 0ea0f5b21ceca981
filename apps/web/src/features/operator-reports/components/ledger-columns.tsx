import type { LedgerPostingView, LedgerTransferView } from '@app/contracts';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { dateTimeColumn } from '../../../components/record-columns.tsx';
import type { RecordColumn } from '../../../components/record-list.tsx';
import { formatExactMoney } from '../utils/exact-money.ts';
import { kindLabel } from '../utils/kind-label.ts';

const mono = { fontFamily: 'monospace', fontSize: '0.8125rem', wordBreak: 'break-all' } as const;

/** The transfers' columns; `onOpen` shows one transfer's postings. */
export function transferColumns(
  onOpen: (transfer: LedgerTransferView) => void,
): RecordColumn<LedgerTransferView>[] {
  return [
    { header: 'Kind', cell: (row) => kindLabel(row.kind), card: 'title' },
    {
      header: 'Amount',
      cell: (row) => formatExactMoney(row.amount),
      align: 'right',
      card: 'amount',
      isNowrap: true,
    },
    {
      header: 'Member',
      cell: (row) => (row.memberCode ? `${row.memberCode} · ${row.memberName ?? ''}` : 'House'),
      card: 'detail',
    },
    {
      header: 'Reference',
      cell: (row) => (
        <Typography component="span" sx={mono}>
          {row.reference}
        </Typography>
      ),
      card: 'detail',
      isWideOnly: true,
    },
    dateTimeColumn('When', (row) => row.createdAt, 'detail'),
    {
      header: 'Postings',
      cell: (row) => (
        <Button
          size="small"
          variant="outlined"
          onClick={() => onOpen(row)}
          aria-label={`${row.postingCount} postings of transfer ${row.id}`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {row.postingCount} postings
        </Button>
      ),
      card: 'detail',
    },
  ];
}

/** How the ledger names a posting's account: `house:deposits` or `AB23CD45:fund`. */
export const accountNameOf = (row: LedgerPostingView) =>
  row.memberCode ? `${row.memberCode}:${row.account}` : row.account;

/** A transfer's postings; `onOpenAccount` lists everything posted to that account. */
export function postingColumns(
  onOpenAccount: (account: string) => void,
): RecordColumn<LedgerPostingView>[] {
  return [
    {
      header: 'Account',
      cell: (row) => (
        <Button
          size="small"
          onClick={() => onOpenAccount(accountNameOf(row))}
          aria-label={`Postings of account ${accountNameOf(row)}`}
          sx={{ textTransform: 'none', p: 0, minWidth: 0, fontWeight: 600 }}
        >
          {row.memberCode ? `${row.memberCode} · ${row.account}` : row.account}
        </Button>
      ),
      card: 'title',
    },
    {
      header: 'Amount',
      cell: (row) => formatExactMoney(row.amount, true),
      align: 'right',
      card: 'amount',
      isNowrap: true,
    },
    balanceAfterColumn,
  ];
}

const balanceAfterColumn: RecordColumn<LedgerPostingView> = {
  header: 'Balance after',
  cell: (row) => (row.balanceAfter === null ? '—' : formatExactMoney(row.balanceAfter)),
  align: 'right',
  card: 'detail',
  isNowrap: true,
};

/** One account's postings: what each transfer moved and the balance after it. */
export const accountPostingColumns: RecordColumn<LedgerPostingView>[] = [
  { header: 'Kind', cell: (row) => kindLabel(row.kind), card: 'title' },
  {
    header: 'Amount',
    cell: (row) => formatExactMoney(row.amount, true),
    align: 'right',
    card: 'amount',
    isNowrap: true,
  },
  balanceAfterColumn,
  {
    header: 'Reference',
    cell: (row) => (
      <Typography component="span" sx={mono}>
        {row.reference}
      </Typography>
    ),
    card: 'detail',
    isWideOnly: true,
  },
  dateTimeColumn('When', (row) => row.createdAt, 'detail'),
];
