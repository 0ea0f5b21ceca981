import { pageOf, planPreviewData, planVersionView, type PlanDocument } from '@app/contracts';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { operatorApi } from '../../../lib/operator-client.ts';
import { productKeys } from './query-keys.ts';

const planVersionPage = pageOf(planVersionView);
export const PLAN_VERSIONS_PAGE_SIZE = 10;

/** GET operator/plan → the version in force and its whole document. */
export const usePlanInForce = () =>
  useQuery({
    queryKey: productKeys.plan(),
    queryFn: ({ signal }) =>
      operatorApi.get('plan', { schema: planVersionView, signal }).then(({ data }) => data),
  });

/** GET operator/plan/versions → every version, newest first, each with its number as its id. */
const planVersionsQuery = (page: number) =>
  queryOptions({
    queryKey: productKeys.planVersions(page),
    queryFn: async ({ signal }) => {
      const { data } = await operatorApi.get('plan/versions', {
        schema: planVersionPage,
        query: { page, pageSize: PLAN_VERSIONS_PAGE_SIZE },
        signal,
      });
      return { ...data, data: data.data.map((row) => ({ ...row, id: String(row.version) })) };
    },
  });

export const usePlanVersions = (page: number) =>
  useQuery({ ...planVersionsQuery(page), placeholderData: keepPreviousData });

/**
 * POST operator/plan/preview: validates the draft (422s name each field) and computes what a
 * sample team would earn under it; changes nothing. The form shows the refusal at its fields,
 * so no toast repeats it.
 */
export const usePreviewPlan = () =>
  useMutation({
    mutationFn: (document: unknown) =>
      operatorApi
        .post('plan/preview', { document }, { schema: planPreviewData, silent: true })
        .then(({ data }) => data),
  });

/** POST operator/plan: the draft becomes the next version, in force from the next event. */
export function usePublishPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (document: unknown) =>
      operatorApi.post('plan', { document }, { schema: planVersionView }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export type { PlanDocument };
