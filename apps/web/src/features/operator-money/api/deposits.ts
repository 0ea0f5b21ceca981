import {
  operatorDepositDetail,
  operatorDepositPageData,
  operatorDepositView,
  type RejectDepositBody,
  type DepositStatus,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { operatorApi } from '../../../lib/operator-client.ts';
import { moneyKeys } from './money-keys.ts';
import { useMoneyAction } from './use-money-action.ts';

/** A page of the list, optionally one status and one member. */
export type DepositListQuery = {
  page: number;
  status?: DepositStatus | undefined;
  memberCode?: string | undefined;
};

/** GET operator/deposits: a page of the queue, oldest first. */
const depositsListOptions = (query: DepositListQuery) =>
  queryOptions({
    queryKey: moneyKeys.depositList(query),
    queryFn: ({ signal }) =>
      operatorApi
        .get('deposits', { schema: operatorDepositPageData, query, signal })
        .then(({ data }) => data),
  });

// The rows stay on screen while another page or filter loads.
export const useOperatorDeposits = (query: DepositListQuery) =>
  useQuery({ ...depositsListOptions(query), placeholderData: keepPreviousData });

/** GET operator/deposits/{id}: the deposit, its member and their latest ledger lines. */
export const useOperatorDeposit = (id: string) =>
  useQuery({
    queryKey: moneyKeys.deposit(id),
    queryFn: ({ signal }) =>
      operatorApi
        .get(`deposits/${encodeURIComponent(id)}`, { schema: operatorDepositDetail, signal })
        .then(({ data }) => data),
  });

export const useConfirmDeposit = () =>
  useMoneyAction((id: string) =>
    operatorApi.post(`deposits/${encodeURIComponent(id)}/confirm`, undefined, {
      schema: operatorDepositView,
    }),
  );

export const useRejectDeposit = () =>
  useMoneyAction(({ id, body }: { id: string; body: RejectDepositBody }) =>
    operatorApi.post(`deposits/${encodeURIComponent(id)}/reject`, body, {
      schema: operatorDepositView,
    }),
  );
