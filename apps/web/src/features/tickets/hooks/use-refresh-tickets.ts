import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ticketKeys } from '../api/query-keys.ts';

/**
 * After a new ticket or a reply, settled or not, refetches the lists and threads: a lost
 * answer may hide a message that went through, and a refusal (closed meanwhile) means what is
 * shown is out of date.
 */
export function useRefreshTickets() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
    [queryClient],
  );
}
