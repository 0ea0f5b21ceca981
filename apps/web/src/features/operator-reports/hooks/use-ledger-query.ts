import {
  DEFAULT_PAGE_SIZE,
  REFERRAL_CODE_INPUT_PATTERN,
  STATEMENT_KINDS,
  type LedgerTransferFilter,
  type LedgerTransferQuery,
  type StatementKind,
} from '@app/contracts';
import { useMemo } from 'react';
import { useListParams } from '../../../lib/use-list-params.ts';
import { dayRange, oneOf, validDay } from '../utils/list-filters.ts';

const filterKeys = ['memberCode', 'kind', 'reference', 'from', 'to'] as const;

/** A Registered ID as the server reads it: upper-cased; anything else is not sent. */
export const memberCodeOf = (text: string | undefined) => {
  const code = text?.toUpperCase();
  return code && REFERRAL_CODE_INPUT_PATTERN.test(code) ? code : undefined;
};

/** The ledger's page and filters, read from and written to the address. */
export function useLedgerQuery() {
  const { page, filters, setPage, setFilters } = useListParams(filterKeys);
  const filter = useMemo<LedgerTransferFilter>(
    () => ({
      memberCode: memberCodeOf(filters.memberCode),
      kind: oneOf<StatementKind>(STATEMENT_KINDS, filters.kind),
      reference: filters.reference,
      ...dayRange(filters.from, filters.to),
    }),
    [filters],
  );
  const query = useMemo<LedgerTransferQuery>(
    () => ({ page, pageSize: DEFAULT_PAGE_SIZE, ...filter }),
    [page, filter],
  );
  return {
    query,
    filter,
    raw: { ...filters, from: validDay(filters.from), to: validDay(filters.to) },
    setPage,
    setFilters,
  };
}
