import ShowChartRounded from '@mui/icons-material/ShowChartRounded';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DateRangeFilter } from '../../../components/date-range-filter.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LinkButton } from '../../../components/link-button.tsx';
import { Money } from '../../../components/money.tsx';
import { Pager } from '../../../components/pager.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { paths } from '../../../config/paths.ts';
import { useTradeIncome } from '../api/get-trade-income.ts';
import { useTradeIncomeQuery } from '../hooks/use-trade-income-query.ts';
import { TradeIncomeCards } from './trade-income-cards.tsx';
import { TradeIncomeTable } from './trade-income-table.tsx';

/** Claimed daily profit, filtered by the days it was earned, with the total of the filter. */
export function TradeIncomeList() {
  const { query, setPage, setFilters } = useTradeIncomeQuery();
  const { data, isPending, isError, refetch } = useTradeIncome(query);
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const isFiltered = Boolean(query.from || query.to);

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', md: 'flex-start' } }}
      >
        <DateRangeFilter from={query.from} to={query.to} onChange={setFilters} />
        <Paper
          variant="outlined"
          component="section"
          aria-label="Total trade income"
          sx={{ px: 2, py: 1.25 }}
        >
          <Typography variant="body2" color="text.secondary">
            {isFiltered ? 'Total in these dates' : 'Total'}
          </Typography>
          {data ? (
            <Money
              value={data.totalAmount}
              decimals="amount"
              variant="h6"
              sx={{ fontWeight: 700 }}
            />
          ) : (
            <Typography variant="h6">…</Typography>
          )}
        </Paper>
      </Stack>
      {isPending && <SkeletonRows label="Loading trade income" />}
      {isError && (
        <QueryError
          message="Your trade income could not be loaded."
          onRetry={() => void refetch()}
        />
      )}
      {data && data.total === 0 && (
        <Paper variant="outlined">
          <EmptyState
            icon={<ShowChartRounded />}
            title={isFiltered ? 'No trade income in these dates' : 'No trade income yet'}
            description={
              isFiltered
                ? 'Try a wider date range, or clear the dates.'
                : 'Each day of profit you claim from your packages is listed here.'
            }
            action={
              !isFiltered && (
                <LinkButton to={paths.dashboard} variant="contained">
                  Claim on the dashboard
                </LinkButton>
              )
            }
          />
        </Paper>
      )}
      {data && data.total > 0 && (
        <>
          {isPhone ? (
            <TradeIncomeCards records={data.data} />
          ) : (
            <TradeIncomeTable records={data.data} />
          )}
          <Pager
            page={query.page}
            pageSize={data.pageSize}
            total={data.total}
            label="Trade income pages"
            onChange={setPage}
          />
        </>
      )}
    </Stack>
  );
}
