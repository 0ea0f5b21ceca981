import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  answerTicketBody,
  operatorTicketPageData,
  operatorTicketQuery,
  operatorTicketThreadData,
  successEnvelope,
  TICKET_NOT_FOUND,
  ticketView,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { currentOperator } from '../../plugins/operator-auth.ts';
import { idParams, recordId } from '../../core/id-params.ts';
import { actorOf } from './operator-actor.ts';
import { promptDelivery } from '../../core/mail-outbox/prompt-delivery.ts';
import { operatorDeskRoutes } from './desk-routes.ts';
import { answerTicket, closeTicket } from './settle-ticket.ts';
import { ticketNotFound } from './thread.ts';
import { listTicketsForOperator, readThreadForOperator } from './views.ts';

const tags = ['operator'];
const ticketId = (id: string) => recordId(id, TICKET_NOT_FOUND);

/** The support inbox of the operator API (in the operator group, at /api/v1/operator). */
export async function operatorTicketRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;
  const deliver = promptDelivery(app);
  const { publicUrl } = config;

  routes.get('/tickets', {
    schema: {
      tags,
      summary:
        'Tickets with their member and assignee; open ones longest waiting first, others newest activity first (filters: status, assigned to me or to nobody)',
      querystring: operatorTicketQuery,
      response: { 200: successEnvelope(operatorTicketPageData) },
    },
    config: { operatorPermission: 'tickets.read' },
    handler: async (request) =>
      ok(await listTicketsForOperator(db, request.query, currentOperator(request).operatorId)),
  });

  routes.get('/tickets/:id', {
    schema: {
      tags,
      summary:
        'One ticket, its member and assignee, its whole thread and its internal notes, oldest first',
      params: idParams,
      response: { 200: successEnvelope(operatorTicketThreadData) },
    },
    config: { operatorPermission: 'tickets.read' },
    handler: async (request) => {
      const thread = await readThreadForOperator(db, ticketId(request.params.id));
      if (!thread) throw ticketNotFound();
      return ok(thread);
    },
  });

  routes.post('/tickets/:id/answer', {
    schema: {
      tags,
      summary: 'Answer a ticket (status answered); the member is notified and mailed (audited)',
      params: idParams,
      body: answerTicketBody,
      response: { 200: successEnvelope(ticketView) },
    },
    config: { operatorPermission: 'tickets.answer' },
    handler: async (request) => {
      const answered = await answerTicket(
        db,
        {
          id: ticketId(request.params.id),
          message: request.body.message,
          actor: actorOf(request),
          publicUrl,
        },
        clock.now(),
      );
      deliver([answered.mailId], request.log);
      return ok(answered.ticket, 'Answer sent');
    },
  });

  routes.post('/tickets/:id/close', {
    schema: {
      tags,
      summary: 'Close a ticket; the member is notified and mailed (audited)',
      params: idParams,
      response: { 200: successEnvelope(ticketView) },
    },
    config: { operatorPermission: 'tickets.answer' },
    handler: async (request) => {
      const closed = await closeTicket(
        db,
        { id: ticketId(request.params.id), actor: actorOf(request), publicUrl },
        clock.now(),
      );
      deliver([closed.mailId], request.log);
      return ok(closed.ticket, 'Ticket closed');
    },
  });

  await operatorDeskRoutes(app);
}
