import AutorenewRounded from '@mui/icons-material/AutorenewRounded';
import Stack from '@mui/material/Stack';
import { IncomeListHeader } from '../../../components/income-list-header.tsx';
import { LinkButton } from '../../../components/link-button.tsx';
import { ListStates } from '../../../components/list-states.tsx';
import { paths } from '../../../config/paths.ts';
import { useDateRangeQuery } from '../../../lib/use-date-range-query.ts';
import { useCompoundingIncome } from '../api/get-compounding-income.ts';
import { CompoundingIncomeCards } from './compounding-income-cards.tsx';
import { CompoundingIncomeTable } from './compounding-income-table.tsx';

/** Daily compounding income, filtered by the days it was earned, with the total of the filter. */
export function CompoundingIncomeList() {
  const { query, to, isFiltered, setPage, setFilters } = useDateRangeQuery();
  const income = useCompoundingIncome(query);

  return (
    <Stack spacing={2}>
      <IncomeListHeader
        from={query.from}
        to={to}
        onChange={setFilters}
        totalLabel="Total compounding income"
        total={income.data?.totalAmount}
      />
      <ListStates
        query={income}
        page={query.page}
        onPageChange={setPage}
        label="Compounding income"
        errorMessage="Your compounding income could not be loaded."
        empty={{
          icon: <AutorenewRounded />,
          title: isFiltered ? 'No compounding income in these dates' : 'No compounding income yet',
          description: isFiltered
            ? 'Try a wider date range, or clear the dates.'
            : 'Move profit into your compounding wallet and it earns every business day; each day is listed here.',
          action: !isFiltered && (
            <LinkButton to={paths.fund} variant="contained">
              Move profit on My Wallet
            </LinkButton>
          ),
        }}
        table={(data) => <CompoundingIncomeTable records={data.data} />}
        cards={(data) => <CompoundingIncomeCards records={data.data} />}
      />
    </Stack>
  );
}
