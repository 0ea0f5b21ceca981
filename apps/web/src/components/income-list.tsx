import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useDateRangeQuery, type DateRangeQuery } from '../lib/use-date-range-query.ts';
import { IncomeListHeader } from './income-list-header.tsx';
import { LinkButton } from './link-button.tsx';
import type { RecordPage } from './paged-states.tsx';
import type { StatesQuery } from './query-states.tsx';
import { RecordList, type RecordColumn, type RecordWithId } from './record-list.tsx';
import { SelectFilter } from './select-filter.tsx';

/** An income page carries the total of every record the filters match. */
type IncomeData<R> = RecordPage<R> & { totalAmount: number };

/** A figure beside the filters, read from the page: a total of the filter. */
export type IncomeTotalOf<D> = { label: string; amount: (data: D) => number; isMuted?: boolean };

type Props<R extends RecordWithId, D extends IncomeData<R>, S extends string> = {
  /** The income kind as a list title: "Trade income", "Referral bonus". */
  label: string;
  /** The feature's list query for the page and filters in the address. */
  useIncome: (query: DateRangeQuery<S>) => StatesQuery<D>;
  icon: ReactNode;
  /** What fills the list, for the empty state before any income exists. */
  emptyDescription: string;
  /** Where the member goes to earn this income. */
  emptyAction: { to: string; label: string };
  columns: RecordColumn<R>[];
  /** Records that move through statuses get a status filter beside the dates. */
  statusFilter?: { statuses: readonly S[]; statusLabel: (status: S) => string };
  /** The figures beside the filters; by default the one total. */
  totals?: IncomeTotalOf<D>[];
};

/**
 * One income kind's list: the date (and status) filter and the totals of the filter, then the
 * paged rows with their loading, error and empty states. Each income screen supplies only its
 * words and rows.
 */
export function IncomeList<
  R extends RecordWithId,
  D extends IncomeData<R>,
  S extends string = never,
>({
  label,
  useIncome,
  icon,
  emptyDescription,
  emptyAction,
  columns,
  statusFilter,
  totals,
}: Props<R, D, S>) {
  const { query, to, status, isDated, isFiltered, setPage, setFilters } = useDateRangeQuery(
    statusFilter?.statuses,
  );
  const income = useIncome(query);
  const noun = label.toLowerCase();
  const shown = totals ?? [
    { label: isDated ? 'Total in these dates' : 'Total', amount: (data: D) => data.totalAmount },
  ];

  return (
    <Stack spacing={2}>
      <IncomeListHeader
        from={query.from}
        to={to}
        onChange={setFilters}
        filters={
          statusFilter && (
            <SelectFilter
              label="Status"
              allLabel="All statuses"
              options={statusFilter.statuses}
              optionLabel={statusFilter.statusLabel}
              value={status}
              onChange={(next) => setFilters({ status: next })}
            />
          )
        }
        totalLabel={`Total ${noun}`}
        totals={shown.map((total) => ({
          label: total.label,
          amount: income.data && total.amount(income.data),
          isMuted: total.isMuted,
        }))}
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
        emptyFiltered={
          statusFilter
            ? {
                title: `No ${noun} matches these filters`,
                description: 'Try a wider date range or another status, or clear the filters.',
              }
            : {
                title: `No ${noun} in these dates`,
                description: 'Try a wider date range, or clear the dates.',
              }
        }
        columns={columns}
      />
    </Stack>
  );
}
