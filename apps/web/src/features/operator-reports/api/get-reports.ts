import { liabilitiesData, reconciliationData } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { operatorApi } from '../../../lib/operator-client.ts';
import { reportKeys } from './report-keys.ts';

// The two reports run on the books as they are now; each is run again only when asked.

export const useReconciliation = () =>
  useQuery({
    queryKey: reportKeys.reconciliation(),
    queryFn: ({ signal }) =>
      operatorApi
        .get('reconciliation', { schema: reconciliationData, signal })
        .then(({ data }) => data),
    staleTime: Infinity,
  });

export const useLiabilities = () =>
  useQuery({
    queryKey: reportKeys.liabilities(),
    queryFn: ({ signal }) =>
      operatorApi.get('liabilities', { schema: liabilitiesData, signal }).then(({ data }) => data),
    staleTime: Infinity,
  });
