import { statementPageData, type StatementQuery } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET auth/transaction-hist → a page of the member's ledger statement, newest first. */
export const getStatement = (query: StatementQuery, signal?: AbortSignal) =>
  apiClient.get('auth/transaction-hist', { schema: statementPageData, query, signal });

export const statementQueryOptions = (query: StatementQuery) =>
  queryOptions({
    // Under 'wallet': a purchase or a claim refreshes the wallet keys, and with them this.
    queryKey: ['wallet', 'statement', query],
    queryFn: ({ signal }) => getStatement(query, signal).then(({ data }) => data),
  });

// The rows stay on screen while another page or filter loads.
export const useStatement = (query: StatementQuery) =>
  useQuery({ ...statementQueryOptions(query), placeholderData: keepPreviousData });
