import { ticketThreadData } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { ticketKeys } from './query-keys.ts';

/** GET ticket/ticket-msg → one of the member's tickets and its whole thread, oldest first. */
export const getTicketThread = (ticketId: string, signal?: AbortSignal) =>
  apiClient.get('ticket/ticket-msg', { schema: ticketThreadData, query: { ticketId }, signal });

export const ticketThreadQueryOptions = (ticketId: string) =>
  queryOptions({
    queryKey: ticketKeys.thread(ticketId),
    queryFn: ({ signal }) => getTicketThread(ticketId, signal).then(({ data }) => data),
  });

export const useTicketThread = (ticketId: string) => useQuery(ticketThreadQueryOptions(ticketId));
