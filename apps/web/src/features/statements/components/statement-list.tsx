import DownloadRounded from '@mui/icons-material/DownloadRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { LinkButton } from '../../../components/link-button.tsx';
import { RecordList } from '../../../components/record-list.tsx';
import { paths } from '../../../config/paths.ts';
import { useDownloadStatementCsv } from '../api/download-statement-csv.ts';
import { useStatement } from '../api/get-statement.ts';
import { useStatementQuery } from '../hooks/use-statement-query.ts';
import { statementColumns } from './statement-columns.tsx';
import { StatementFilters } from './statement-filters.tsx';

/** The ledger statement: filters in the address, a page of lines, CSV of every match. */
export function StatementList() {
  const { query, filter, rawTo, setPage, setFilters } = useStatementQuery();
  const statement = useStatement(query);
  const download = useDownloadStatementCsv();
  const isFiltered = Boolean(filter.wallet || filter.kind || filter.from || rawTo);

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', md: 'flex-start' } }}
      >
        <StatementFilters
          wallet={filter.wallet}
          kind={filter.kind}
          from={filter.from}
          to={rawTo}
          onChange={setFilters}
        />
        <Button
          variant="outlined"
          startIcon={<DownloadRounded />}
          loading={download.isPending}
          disabled={statement.data?.total === 0}
          onClick={() => download.mutate(filter)}
          sx={{ flexShrink: 0, alignSelf: 'flex-start' }}
        >
          Export CSV
        </Button>
      </Stack>
      <RecordList
        query={statement}
        paging={{ page: query.page, onChange: setPage }}
        label="Transactions"
        errorMessage="Your transactions could not be loaded."
        empty={{
          icon: <ReceiptLongRounded />,
          title: 'No transactions yet',
          description:
            'Deposits, package purchases and the profit you claim are listed here with the balance after each.',
          action: (
            <LinkButton to={paths.deposits} variant="contained">
              Make a deposit
            </LinkButton>
          ),
        }}
        isFiltered={isFiltered}
        emptyFiltered={{
          title: 'No transactions match these filters',
          description: 'Try another wallet or kind, or a wider date range.',
        }}
        columns={statementColumns}
      />
    </Stack>
  );
}
