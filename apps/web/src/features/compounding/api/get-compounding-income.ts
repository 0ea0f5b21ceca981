import { compoundingIncomePageData, type CompoundingIncomeQuery } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';

/** GET compounding/income → a page of daily compounding income and the total of every match. */
export const getCompoundingIncome = (query: CompoundingIncomeQuery, signal?: AbortSignal) =>
  apiClient.get('compounding/income', { schema: compoundingIncomePageData, query, signal });

export const compoundingIncomeQueryOptions = (query: CompoundingIncomeQuery) =>
  queryOptions({
    // Under 'income', with the other income lists.
    queryKey: [...sharedQueryKeys.income, 'compounding', query],
    queryFn: ({ signal }) => getCompoundingIncome(query, signal).then(({ data }) => data),
  });

// The rows stay on screen while another page or date range loads.
export const useCompoundingIncome = (query: CompoundingIncomeQuery) =>
  useQuery({ ...compoundingIncomeQueryOptions(query), placeholderData: keepPreviousData });
