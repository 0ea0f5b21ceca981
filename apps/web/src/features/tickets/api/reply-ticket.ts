import { ticketView, type ReplyTicketBody } from '@app/contracts';
import { postMoney, type IdempotencyKey } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { useRefreshTickets } from '../hooks/use-refresh-tickets.ts';

/** POST ticket/reply-user → the ticket, open again if support had answered. */
export const replyToTicket = (body: ReplyTicketBody, key: IdempotencyKey) =>
  postMoney('ticket/reply-user', body, key, { schema: ticketView });

export function useReplyToTicket() {
  const refresh = useRefreshTickets();
  return useMoneyMutation({ mutationFn: replyToTicket, onSettled: refresh });
}
