import { dashboardData } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { operatorApi } from '../../../lib/operator-client.ts';
import { reportKeys } from './report-keys.ts';

/** The overview refreshes itself every minute while it is open. */
const REFRESH_MS = 60_000;

/** GET operator/dashboard: figures, queues, liabilities, reconciliation and the 14-day series. */
export const useDashboard = () =>
  useQuery({
    queryKey: reportKeys.dashboard(),
    queryFn: ({ signal }) =>
      operatorApi.get('dashboard', { schema: dashboardData, signal }).then(({ data }) => data),
    refetchInterval: REFRESH_MS,
  });
