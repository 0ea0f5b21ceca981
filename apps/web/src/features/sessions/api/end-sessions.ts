import { endedSessionsData } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { sessionsKey } from './get-sessions.ts';

/** Ended or not (say, it had already ended elsewhere), the list is read again. */
function useRefreshSessions() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: sessionsKey });
}

/** DELETE auth/sessions/:id: that browser's next request is refused and it lands on sign-in. */
export function useEndSession() {
  const refresh = useRefreshSessions();
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.delete(`auth/sessions/${encodeURIComponent(id)}`, { schema: z.null() }),
    onSettled: refresh,
  });
}

/** POST auth/sessions/end-others: every other browser is signed out; this one stays. */
export function useEndOtherSessions() {
  const refresh = useRefreshSessions();
  return useMutation({
    mutationFn: () => apiClient.post('auth/sessions/end-others', {}, { schema: endedSessionsData }),
    onSettled: refresh,
  });
}
