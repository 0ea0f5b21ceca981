import { memberSessionsData } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const sessionsKey = ['sessions'] as const;

/** GET auth/sessions → the member's live sessions, latest activity first, this one marked. */
export const useSessions = () =>
  useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) =>
      apiClient
        .get('auth/sessions', { schema: memberSessionsData, signal })
        .then(({ data }) => data),
  });
