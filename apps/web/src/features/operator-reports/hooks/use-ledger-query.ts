import {
  DEFAULT_PAGE_SIZE,
  LEDGER_ACCOUNT_PATTERN,
  REFERRAL_CODE_INPUT_PATTERN,
  type LedgerPostingQuery,
  STATEMENT_KINDS,
  type LedgerTransferFilter,
  type LedgerTransferQuery,
  type StatementKind,
} from '@app/contracts';
import { useMemo } from 'react';
import { useListParams } from '../../../lib/use-list-params.ts';
import { dayRange, oneOf, validDay } from '../utils/list-filters.ts';

const filterKeys = ['memberCode', 'kind', 'reference', 'from', 'to', 'account'] as const;

/** A Registered ID as the server reads it: upper-cased; anything else is not sent. */
export const memberCodeOf = (text: string | undefined) => {
  const code = text?.toUpperCase();
  return code && REFERRAL_CODE_INPUT_PATTERN.test(code) ? code : undefined;
};

/** An account as the server names it (`house:deposits`, `AB23CD45:fund`); anything else is not sent. */
export const accountOf = (text: string | undefined) => {
  const account = text?.startsWith('house:')
    ? text
    : text?.replace(/^[^:]*/, (code) => code.toUpperCase());
  return account && LEDGER_ACCOUNT_PATTERN.test(account) ? account : undefined;
};

/**
 * The ledger's page and filters, read from and written to the address: the transfers, or one
 * account's postings when `account` names one.
 */
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
  const account = accountOf(filters.account);
  const accountQuery = useMemo<LedgerPostingQuery | null>(
    () =>
      account
        ? { page, pageSize: DEFAULT_PAGE_SIZE, account, ...dayRange(filters.from, filters.to) }
        : null,
    [page, account, filters.from, filters.to],
  );
  return {
    query,
    accountQuery,
    filter,
    raw: { ...filters, from: validDay(filters.from), to: validDay(filters.to) },
    setPage,
    setFilters,
  };
}
