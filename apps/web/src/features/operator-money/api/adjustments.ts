import {
  adjustmentPageData,
  adjustmentView,
  type ApproveAdjustmentBody,
  type ProposeAdjustmentBody,
  type RejectAdjustmentBody,
  type AdjustmentStatus,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { operatorApi } from '../../../lib/operator-client.ts';
import { moneyKeys } from './money-keys.ts';
import { useMoneyAction } from './use-money-action.ts';

/** A page of the list, optionally one status. */
export type AdjustmentListQuery = { page: number; status?: AdjustmentStatus | undefined };

/** GET operator/adjustments: newest first. */
const adjustmentsListOptions = (query: AdjustmentListQuery) =>
  queryOptions({
    queryKey: moneyKeys.adjustmentList(query),
    queryFn: ({ signal }) =>
      operatorApi
        .get('adjustments', { schema: adjustmentPageData, query, signal })
        .then(({ data }) => data),
  });

// The rows stay on screen while another page or filter loads.
export const useAdjustments = (query: AdjustmentListQuery) =>
  useQuery({ ...adjustmentsListOptions(query), placeholderData: keepPreviousData });

export const useProposeAdjustment = () =>
  useMoneyAction((body: ProposeAdjustmentBody) =>
    operatorApi.post('adjustments', body, { schema: adjustmentView }),
  );

export const useApproveAdjustment = () =>
  useMoneyAction(({ id, body }: { id: string; body: ApproveAdjustmentBody }) =>
    operatorApi.post(`adjustments/${encodeURIComponent(id)}/approve`, body, {
      schema: adjustmentView,
    }),
  );

export const useRejectAdjustment = () =>
  useMoneyAction(({ id, body }: { id: string; body: RejectAdjustmentBody }) =>
    operatorApi.post(`adjustments/${encodeURIComponent(id)}/reject`, body, {
      schema: adjustmentView,
    }),
  );
