import { endedSessionsData, memberSessionsData } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { operatorApi } from '../../../lib/operator-client.ts';
import { memberKeys } from './query-keys.ts';

const sessionsPath = (id: string) => `members/${encodeURIComponent(id)}/sessions`;

/** GET operator/members/:id/sessions → the member's live sessions, latest activity first. */
export const useMemberSessions = (id: string) =>
  useQuery({
    queryKey: memberKeys.sessions(id),
    queryFn: ({ signal }) =>
      operatorApi
        .get(sessionsPath(id), { schema: memberSessionsData, signal })
        .then(({ data }) => data),
  });

/** Ended or not (it may have ended meanwhile), the list is read again. */
function useRefreshSessions(id: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: memberKeys.sessions(id) });
}

/** DELETE operator/members/:id/sessions/:sessionId (audited; the member is told in the app). */
export function useEndMemberSession(id: string) {
  const refresh = useRefreshSessions(id);
  return useMutation({
    mutationFn: (sessionId: string) =>
      operatorApi.delete(`${sessionsPath(id)}/${encodeURIComponent(sessionId)}`, {
        schema: z.null(),
      }),
    onSettled: refresh,
  });
}

/** POST operator/members/:id/sessions/end-all: every session of the member ends. */
export function useEndAllMemberSessions(id: string) {
  const refresh = useRefreshSessions(id);
  return useMutation({
    mutationFn: () =>
      operatorApi.post(`${sessionsPath(id)}/end-all`, {}, { schema: endedSessionsData }),
    onSettled: refresh,
  });
}
