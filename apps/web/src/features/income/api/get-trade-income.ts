import { tradeIncomePageData, type TradeIncomeQuery } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';

/** GET trading/fetch-user-trade → a page of trade income and the total of every match. */
export const getTradeIncome = (query: TradeIncomeQuery, signal?: AbortSignal) =>
  apiClient.get('trading/fetch-user-trade', { schema: tradeIncomePageData, query, signal });

export const tradeIncomeQueryOptions = (query: TradeIncomeQuery) =>
  queryOptions({
    // Under 'income', so a claim (which creates trade income) refreshes it.
    queryKey: [...sharedQueryKeys.income, 'trade', query],
    queryFn: ({ signal }) => getTradeIncome(query, signal).then(({ data }) => data),
  });

// The rows stay on screen while another page or date range loads. (Set here: inside
// queryOptions keepPreviousData widens the data type to include the function itself.)
export const useTradeIncome = (query: TradeIncomeQuery) =>
  useQuery({ ...tradeIncomeQueryOptions(query), placeholderData: keepPreviousData });
