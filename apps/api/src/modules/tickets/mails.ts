import type { FastifyBaseLogger } from 'fastify';
import { ticketLink, type TicketView } from '@app/contracts';
import type { Mailer } from '../../lib/mailer.ts';

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
 * Tells the member by email that support answered or closed their ticket, after the change
 * committed. The mail names the ticket and links to it; the conversation itself stays in the app
 * (a mailbox is not where account details should pile up). A failed send is logged only.
 */
export function mailTicketEvent(
  mailer: Mailer,
  log: FastifyBaseLogger,
  input: { to: string; ticket: TicketView; event: TicketEvent; publicUrl: string },
): void {
  const { subject, body } = wording[input.event];
  const { ticket } = input;
  mailer
    .send({
      to: input.to,
      subject: `${subject} #${ticket.number}`,
      text: `Ticket #${ticket.number}: ${ticket.subject}\n${body}\n${input.publicUrl}${ticketLink(ticket.id)}`,
    })
    .catch((error: unknown) =>
      log.error({ err: error, ticketId: ticket.id }, `could not send ticket-${input.event} mail`),
    );
}
