import ShowChartRounded from '@mui/icons-material/ShowChartRounded';
import Stack from '@mui/material/Stack';
import { IncomeListHeader } from '../../../components/income-list-header.tsx';
import { LinkButton } from '../../../components/link-button.tsx';
import { ListStates } from '../../../components/list-states.tsx';
import { paths } from '../../../config/paths.ts';
import { useDateRangeQuery } from '../../../lib/use-date-range-query.ts';
import { useTradeIncome } from '../api/get-trade-income.ts';
import { TradeIncomeCards } from './trade-income-cards.tsx';
import { TradeIncomeTable } from './trade-income-table.tsx';

/** Claimed daily profit, filtered by the days it was earned, with the total of the filter. */
export function TradeIncomeList() {
  const { query, to, isFiltered, setPage, setFilters } = useDateRangeQuery();
  const tradeIncome = useTradeIncome(query);

  return (
    <Stack spacing={2}>
      <IncomeListHeader
        from={query.from}
        to={to}
        onChange={setFilters}
        totalLabel="Total trade income"
        total={tradeIncome.data?.totalAmount}
      />
      <ListStates
        query={tradeIncome}
        page={query.page}
        onPageChange={setPage}
        label="Trade income"
        errorMessage="Your trade income could not be loaded."
        empty={{
          icon: <ShowChartRounded />,
          title: isFiltered ? 'No trade income in these dates' : 'No trade income yet',
          description: isFiltered
            ? 'Try a wider date range, or clear the dates.'
            : 'Each day of profit you claim from your packages is listed here.',
          action: !isFiltered && (
            <LinkButton to={paths.dashboard} variant="contained">
              Claim on the dashboard
            </LinkButton>
          ),
        }}
        table={(data) => <TradeIncomeTable records={data.data} />}
        cards={(data) => <TradeIncomeCards records={data.data} />}
      />
    </Stack>
  );
}
