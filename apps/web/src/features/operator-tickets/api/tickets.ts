import { operatorTicketPageData, operatorTicketThreadData, ticketView } from '@app/contracts';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { operatorApi } from '../../../lib/operator-client.ts';
import { inboxKeys, type InboxQuery } from './query-keys.ts';

const ticketPath = (id: string) => `tickets/${encodeURIComponent(id)}`;

const inboxQuery = (query: InboxQuery) =>
  queryOptions({
    queryKey: inboxKeys.list(query),
    queryFn: ({ signal }) =>
      operatorApi
        .get('tickets', { schema: operatorTicketPageData, query, signal })
        .then(({ data }) => data),
  });

/** GET operator/tickets → a page of tickets with their member, by status and age. */
export const useInboxTickets = (query: InboxQuery) =>
  useQuery({ ...inboxQuery(query), placeholderData: keepPreviousData });

/** GET operator/tickets/{id} → the ticket, its member and the whole thread, oldest first. */
export const useInboxThread = (ticketId: string) =>
  useQuery({
    queryKey: inboxKeys.thread(ticketId),
    queryFn: ({ signal }) =>
      operatorApi
        .get(ticketPath(ticketId), { schema: operatorTicketThreadData, signal })
        .then(({ data }) => data),
  });

/**
 * After an answer or a close, settled or not, the inbox and threads are read again: a refusal
 * (another operator closed it meanwhile, 409) means what is shown is out of date.
 */
function useInboxMutation<V>(send: (variables: V) => ReturnType<typeof closeTicket>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}

const closeTicket = (id: string) =>
  operatorApi.post(`${ticketPath(id)}/close`, undefined, { schema: ticketView });

export const useCloseTicket = () => useInboxMutation(closeTicket);

export const useAnswerTicket = () =>
  useInboxMutation(({ id, message }: { id: string; message: string }) =>
    operatorApi.post(`${ticketPath(id)}/answer`, { message }, { schema: ticketView }),
  );
