import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useDateRangeQuery, type DateRangeQuery } from '../lib/use-date-range-query.ts';
import { IncomeListHeader } from './income-list-header.tsx';
import { LinkButton } from './link-button.tsx';
import type { RecordPage } from './paged-states.tsx';
import type { StatesQuery } from './query-states.tsx';
import { RecordList, type RecordColumn, type RecordWithId } from './record-list.tsx';

/** An income page carries the total of every record the dates match. */
type IncomeQuery<R> = StatesQuery<RecordPage<R> & { totalAmount: number }>;

type Props<R extends RecordWithId> = {
  /** The income kind as a list title: "Trade income", "Compounding income". */
  label: string;
  /** The feature's list query for the page and dates in the address. */
  useIncome: (query: DateRangeQuery) => IncomeQuery<R>;
  icon: ReactNode;
  /** What fills the list, for the empty state before any income exists. */
  emptyDescription: string;
  /** Where the member goes to earn this income. */
  emptyAction: { to: string; label: string };
  columns: RecordColumn<R>[];
};

/**
 * One income kind's list: the date filter and total of the filter, then the paged rows with
 * their loading, error and empty states. Each income screen supplies only its words and rows.
 */
export function IncomeList<R extends RecordWithId>({
  label,
  useIncome,
  icon,
  emptyDescription,
  emptyAction,
  columns,
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
      <RecordList
        query={income}
        paging={{ page: query.page, onChange: setPage }}
        label={label}
        errorMessage={`Your ${noun} could not be loaded.`}
        empty={{
          icon,
          title: `No ${noun} yet`,
          description: emptyDescription,
          action: (
            <LinkButton to={emptyAction.to} variant="contained">
              {emptyAction.label}
            </LinkButton>
          ),
        }}
        isFiltered={isFiltered}
        emptyFiltered={{
          title: `No ${noun} in these dates`,
          description: 'Try a wider date range, or clear the dates.',
        }}
        columns={columns}
      />
    </Stack>
  );
}
