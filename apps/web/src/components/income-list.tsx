import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useDateRangeQuery, type DateRangeQuery } from '../lib/use-date-range-query.ts';
import { IncomeListHeader } from './income-list-header.tsx';
import { LinkButton } from './link-button.tsx';
import { ListStates } from './list-states.tsx';

type IncomePage<R> = { data: R[]; totalAmount: number; total: number; pageSize: number };
type IncomeQuery<R> = {
  data: IncomePage<R> | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
};

type Props<R> = {
  /** The income kind as a list title: "Trade income", "Compounding income". */
  label: string;
  /** The feature's list query for the page and dates in the address. */
  useIncome: (query: DateRangeQuery) => IncomeQuery<R>;
  icon: ReactNode;
  /** What fills the list, for the empty state before any income exists. */
  emptyDescription: string;
  /** Where the member goes to earn this income. */
  emptyAction: { to: string; label: string };
  table: (records: R[]) => ReactNode;
  cards: (records: R[]) => ReactNode;
};

/**
 * One income kind's list: the date filter and total of the filter, then the paged rows with
 * their loading, error and empty states. Each income screen supplies only its words and rows.
 */
export function IncomeList<R>({
  label,
  useIncome,
  icon,
  emptyDescription,
  emptyAction,
  table,
  cards,
}: Props<R>) {
  const { query, to, isFiltered, setPage, setFilters } = useDateRangeQuery();
  const income = useIncome(query);
  const noun = label.toLowerCase();

  return (
    <Stack spacing={2}>
      <IncomeListHeader
        from={query.from}
        to={to}
        onChange={setFilters}
        totalLabel={`Total ${noun}`}
        total={income.data?.totalAmount}
      />
      <ListStates
        query={income}
        page={query.page}
        onPageChange={setPage}
        label={label}
        errorMessage={`Your ${noun} could not be loaded.`}
        empty={{
          icon,
          title: isFiltered ? `No ${noun} in these dates` : `No ${noun} yet`,
          description: isFiltered
            ? 'Try a wider date range, or clear the dates.'
            : emptyDescription,
          action: !isFiltered && (
            <LinkButton to={emptyAction.to} variant="contained">
              {emptyAction.label}
            </LinkButton>
          ),
        }}
        table={(data) => table(data.data)}
        cards={(data) => cards(data.data)}
      />
    </Stack>
  );
}
