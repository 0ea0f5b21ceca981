import { ticketLink, type TicketView } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { queueMail } from '../../core/mail-outbox/queue-mail.ts';

export type TicketEvent = 'answered' | 'closed';

const wording: Record<TicketEvent, { subject: string; body: string }> = {
  answered: {
    subject: 'Support answered your ticket',
    body: 'Sign in to read the answer and reply if you need more help.',
  },
  closed: {
    subject: 'Your support ticket was closed',
    body: 'If you still need help, sign in and open a new ticket.',
  },
};

/**
 * Tells the member by email that support answered or closed their ticket, written in the
 * transaction of the change. The mail names the ticket and links to it; the conversation itself
 * stays in the app (a mailbox is not where account details should pile up).
 */
export function queueTicketMail(
  tx: Executor,
  input: { to: string; ticket: TicketView; event: TicketEvent; publicUrl: string },
  now: Date,
): Promise<string> {
  const { subject, body } = wording[input.event];
  const { ticket } = input;
  return queueMail(
    tx,
    {
      kind: `ticket-${input.event}`,
      to: input.to,
      subject: `${subject} #${ticket.number}`,
      text: `Ticket #${ticket.number}: ${ticket.subject}\n${body}\n${input.publicUrl}${ticketLink(ticket.id)}`,
    },
    now,
  );
}
