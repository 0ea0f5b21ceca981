import type { LedgerPostingQuery } from '@app/contracts';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ManageSearchRounded from '@mui/icons-material/ManageSearchRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DateRangeFilter, type DateRange } from '../../../components/date-range-filter.tsx';
import { RecordList } from '../../../components/record-list.tsx';
import { useAccountPostings } from '../api/get-transfers.ts';
import { accountPostingColumns } from './ledger-columns.tsx';

type Props = {
  query: LedgerPostingQuery;
  range: DateRange;
  onRange: (range: Partial<DateRange>) => void;
  onPage: (page: number) => void;
  /** Back to the list of transfers. */
  onClose: () => void;
};

/** Everything posted to one account, newest first, with the balance after each posting. */
export function AccountPostings({ query, range, onRange, onPage, onClose }: Props) {
  const postings = useAccountPostings(query);
  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Typography
          component="h2"
          variant="subtitle1"
          sx={{ fontWeight: 700, wordBreak: 'break-all' }}
        >
          {`Postings of ${query.account ?? ''}`}
        </Typography>
        <Button startIcon={<ArrowBackRounded />} onClick={onClose}>
          All transfers
        </Button>
      </Stack>
      <DateRangeFilter from={range.from} to={range.to} onChange={onRange} />
      <RecordList
        query={postings}
        paging={{ page: query.page, onChange: onPage }}
        label="Account postings"
        errorMessage="The account's postings could not be loaded."
        empty={{
          icon: <ManageSearchRounded />,
          title: 'Nothing posted to this account yet',
          description: 'Every credit and debit of the account is listed here as it is posted.',
        }}
        isFiltered={Boolean(range.from || range.to)}
        emptyFiltered={{
          title: 'Nothing posted in these days',
          description: 'Try a wider date range.',
        }}
        columns={accountPostingColumns}
      />
    </Stack>
  );
}
