import DownloadRounded from '@mui/icons-material/DownloadRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LinkButton } from '../../../components/link-button.tsx';
import { Pager } from '../../../components/pager.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { paths } from '../../../config/paths.ts';
import { useDownloadStatementCsv } from '../api/download-statement-csv.ts';
import { useStatement } from '../api/get-statement.ts';
import { useStatementQuery } from '../hooks/use-statement-query.ts';
import { StatementCards } from './statement-cards.tsx';
import { StatementFilters } from './statement-filters.tsx';
import { StatementTable } from './statement-table.tsx';

const LABEL = 'Transactions';

/** The ledger statement: filters in the address, a page of lines, CSV of every match. */
export function StatementList() {
  const { query, filter, rawTo, setPage, setFilters } = useStatementQuery();
  const { data, isPending, isError, refetch } = useStatement(query);
  const download = useDownloadStatementCsv();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
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
          disabled={data?.total === 0}
          onClick={() => download.mutate(filter)}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', md: 'flex-start' } }}
        >
          Export CSV
        </Button>
      </Stack>
      {isPending && <SkeletonRows label="Loading transactions" />}
      {isError && (
        <QueryError
          message="Your transactions could not be loaded."
          onRetry={() => void refetch()}
        />
      )}
      {data && data.total === 0 && (
        <Paper variant="outlined">
          <EmptyState
            icon={<ReceiptLongRounded />}
            title={isFiltered ? 'No transactions match these filters' : 'No transactions yet'}
            description={
              isFiltered
                ? 'Try another wallet or kind, or a wider date range.'
                : 'Deposits, package purchases and the profit you claim are listed here with the balance after each.'
            }
            action={
              !isFiltered && (
                <LinkButton to={paths.deposits} variant="contained">
                  Make a deposit
                </LinkButton>
              )
            }
          />
        </Paper>
      )}
      {data && data.total > 0 && (
        <>
          {isPhone ? (
            <StatementCards lines={data.data} label={LABEL} />
          ) : (
            <StatementTable lines={data.data} label={LABEL} />
          )}
          <Pager
            page={query.page}
            pageSize={data.pageSize}
            total={data.total}
            label="Transaction pages"
            onChange={setPage}
          />
        </>
      )}
    </Stack>
  );
}
