import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createTicketBody,
  replyTicketBody,
  successEnvelope,
  TICKET_NOT_FOUND,
  ticketListQuery,
  ticketPageData,
  ticketThreadData,
  ticketThreadQuery,
  ticketView,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import { currentMember } from '../../plugins/member-auth.ts';
import { recordId } from '../../core/id-params.ts';
import { createTicket } from './create-ticket.ts';
import { replyToTicket } from './reply-ticket.ts';
import { ticketNotFound } from './thread.ts';
import { listMemberTickets, readMemberThread } from './views.ts';

const tags = ['tickets'];
const ticketId = (id: string) => recordId(id, TICKET_NOT_FOUND);

/** The member's support tickets; paths as the client contract spells them. */
export async function ticketRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;

  routes.post('/ticket/create', {
    schema: {
      tags,
      summary:
        'Open a ticket with its first message (category defaults to other; at most 5 waiting); accepts an Idempotency-Key',
      body: createTicketBody,
      response: { 200: successEnvelope(ticketView) },
    },
    preHandler: idempotent,
    handler: async (request) => {
      const ticket = await createTicket(
        db,
        { memberId: currentMember(request).memberId, ...request.body },
        clock.now(),
      );
      return ok(ticket, `Ticket #${ticket.number} created`);
    },
  });

  routes.post('/ticket/reply-user', {
    schema: {
      tags,
      summary:
        "Reply to one's own ticket (an answered ticket opens again; a closed one refuses); accepts an Idempotency-Key",
      body: replyTicketBody,
      response: { 200: successEnvelope(ticketView) },
    },
    preHandler: idempotent,
    handler: async (request) => {
      const ticket = await replyToTicket(
        db,
        {
          memberId: currentMember(request).memberId,
          ticketId: ticketId(request.body.ticketId),
          message: request.body.message,
        },
        clock.now(),
      );
      return ok(ticket, 'Reply sent');
    },
  });

  routes.get('/ticket/tickets', {
    schema: {
      tags,
      summary: "The member's tickets, newest activity first (filter: status)",
      querystring: ticketListQuery,
      response: { 200: successEnvelope(ticketPageData) },
    },
    handler: async (request) =>
      ok(await listMemberTickets(db, currentMember(request).memberId, request.query)),
  });

  routes.get('/ticket/ticket-msg', {
    schema: {
      tags,
      summary: "One of the member's tickets and its whole thread, oldest message first",
      querystring: ticketThreadQuery,
      response: { 200: successEnvelope(ticketThreadData) },
    },
    handler: async (request) => {
      const thread = await readMemberThread(
        db,
        currentMember(request).memberId,
        ticketId(request.query.ticketId),
      );
      if (!thread) throw ticketNotFound();
      return ok(thread);
    },
  });
}
