import {
  DEFAULT_PAGE_SIZE,
  STATEMENT_KINDS,
  STATEMENT_WALLETS,
  type StatementFilter,
  type StatementKind,
  type StatementQuery,
  type StatementWallet,
} from '@app/contracts';
import { useMemo } from 'react';
import { useListParams } from '../../../lib/use-list-params.ts';

const filterKeys = ['wallet', 'kind', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

// A hand-edited address (?wallet=savings, ?from=yesterday) is ignored rather than sent to be refused.
const oneOf = <T extends string>(values: readonly T[], value: string | undefined) =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
const validDay = (day: string | undefined) =>
  day && DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? day : undefined;

/** The statement's page and filters, read from and written to the address. */
export function useStatementQuery() {
  const { page, filters, setPage, setFilters } = useListParams(filterKeys);
  const filter = useMemo<StatementFilter>(() => {
    const from = validDay(filters.from);
    const to = validDay(filters.to);
    const reversed = Boolean(from && to && from > to);
    return {
      wallet: oneOf<StatementWallet>(STATEMENT_WALLETS, filters.wallet),
      kind: oneOf<StatementKind>(STATEMENT_KINDS, filters.kind),
      from,
      // A reversed range is shown as an error by the date filter, not sent.
      to: reversed ? undefined : to,
    };
  }, [filters]);
  const query = useMemo<StatementQuery>(
    () => ({ page, pageSize: DEFAULT_PAGE_SIZE, ...filter }),
    [page, filter],
  );
  return { query, filter, rawTo: validDay(filters.to), setPage, setFilters };
}
