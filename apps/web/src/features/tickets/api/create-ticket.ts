import { ticketView, type CreateTicketBody } from '@app/contracts';
import { postMoney, type IdempotencyKey } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { useRefreshTickets } from '../hooks/use-refresh-tickets.ts';

/** POST ticket/create → the new ticket; one per attempt, however often the button is pressed. */
export const createTicket = (body: CreateTicketBody, key: IdempotencyKey) =>
  postMoney('ticket/create', body, key, { schema: ticketView });

export function useCreateTicket() {
  const refresh = useRefreshTickets();
  return useMoneyMutation({ mutationFn: createTicket, onSettled: refresh });
}
