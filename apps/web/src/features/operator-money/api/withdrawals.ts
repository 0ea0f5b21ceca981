import {
  operatorWithdrawalDetail,
  operatorWithdrawalPageData,
  withdrawalPayoutChecks,
  withdrawalView,
  type PayWithdrawalBody,
  type RejectWithdrawalBody,
  type WithdrawalStatus,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { operatorApi } from '../../../lib/operator-client.ts';
import { moneyKeys } from './money-keys.ts';
import { useMoneyAction } from './use-money-action.ts';

/** A page of the list, optionally one status and one member. */
export type WithdrawalListQuery = {
  page: number;
  status?: WithdrawalStatus | undefined;
  memberCode?: string | undefined;
};

/** GET operator/withdrawals: a page of the queue, oldest first (the order to pay in). */
const withdrawalsListOptions = (query: WithdrawalListQuery) =>
  queryOptions({
    queryKey: moneyKeys.withdrawalList(query),
    queryFn: ({ signal }) =>
      operatorApi
        .get('withdrawals', { schema: operatorWithdrawalPageData, query, signal })
        .then(({ data }) => data),
  });

// The rows stay on screen while another page or filter loads.
export const useOperatorWithdrawals = (query: WithdrawalListQuery) =>
  useQuery({ ...withdrawalsListOptions(query), placeholderData: keepPreviousData });

/** GET operator/withdrawals/{id}: the withdrawal, its member and their latest ledger lines. */
export const useOperatorWithdrawal = (id: string) =>
  useQuery({
    queryKey: moneyKeys.withdrawal(id),
    queryFn: ({ signal }) =>
      operatorApi
        .get(`withdrawals/${encodeURIComponent(id)}`, { schema: operatorWithdrawalDetail, signal })
        .then(({ data }) => data),
  });

/** GET operator/withdrawals/{id}/payout-checks: network, explorer links, a recent address change. */
export const useWithdrawalPayoutChecks = (id: string) =>
  useQuery({
    queryKey: [...moneyKeys.withdrawal(id), 'payout-checks'],
    queryFn: ({ signal }) =>
      operatorApi
        .get(`withdrawals/${encodeURIComponent(id)}/payout-checks`, {
          schema: withdrawalPayoutChecks,
          signal,
        })
        .then(({ data }) => data),
  });

export const usePayWithdrawal = () =>
  useMoneyAction(({ id, body }: { id: string; body: PayWithdrawalBody }) =>
    operatorApi.post(`withdrawals/${encodeURIComponent(id)}/pay`, body, { schema: withdrawalView }),
  );

export const useRejectWithdrawal = () =>
  useMoneyAction(({ id, body }: { id: string; body: RejectWithdrawalBody }) =>
    operatorApi.post(`withdrawals/${encodeURIComponent(id)}/reject`, body, {
      schema: withdrawalView,
    }),
  );
