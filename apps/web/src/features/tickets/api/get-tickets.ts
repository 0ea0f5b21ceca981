import { ticketPageData } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { ticketKeys, type TicketListQuery } from './query-keys.ts';

/** GET ticket/tickets → a page of the member's tickets, newest activity first. */
export const getTickets = (query: TicketListQuery, signal?: AbortSignal) =>
  apiClient.get('ticket/tickets', { schema: ticketPageData, query, signal });

export const ticketsQueryOptions = (query: TicketListQuery) =>
  queryOptions({
    queryKey: ticketKeys.list(query),
    queryFn: ({ signal }) => getTickets(query, signal).then(({ data }) => data),
  });

// The rows stay on screen while another page loads.
export const useTickets = (query: TicketListQuery) =>
  useQuery({ ...ticketsQueryOptions(query), placeholderData: keepPreviousData });
