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
          aria-label={`Postings of transfer ${row.id}`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {row.postingCount} postings
        </Button>
      ),
      card: 'detail',
    },
  ];
}

const accountOf = (row: LedgerPostingView) =>
  row.memberCode ? `${row.memberCode} · ${row.account}` : row.account;

export const postingColumns: RecordColumn<LedgerPostingView>[] = [
  { header: 'Account', cell: accountOf, card: 'title' },
  {
    header: 'Amount',
    cell: (row) => formatExactMoney(row.amount, true),
    align: 'right',
    card: 'amount',
    isNowrap: true,
  },
  {
    header: 'Balance after',
    cell: (row) => (row.balanceAfter === null ? '—' : formatExactMoney(row.balanceAfter)),
    align: 'right',
    card: 'detail',
    isNowrap: true,
  },
];
