import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createTicketBody,
  replyTicketBody,
  successEnvelope,
  TICKET_ATTACHMENT_NOT_FOUND,
  TICKET_NOT_FOUND,
  ticketAttachmentQuery,
  ticketAttachmentView,
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
import {
  acceptFileBody,
  registerFileBodies,
  requireMemberFileKeys,
  sendMemberFile,
} from '../../core/member-files/index.ts';
import { AppError } from '../../lib/errors.ts';
import { attachImage, readTicketImage } from './ticket-attachments.ts';
import { createTicket } from './create-ticket.ts';
import { replyToTicket } from './reply-ticket.ts';
import { ticketNotFound } from './thread.ts';
import { listMemberTickets, readMemberThread } from './views.ts';

const tags = ['tickets'];
const ticketId = (id: string) => recordId(id, TICKET_NOT_FOUND);

/** The member's support tickets; paths as the client contract spells them. */
export async function ticketRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;
  registerFileBodies(app);

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

  routes.post('/ticket/attachment', {
    schema: {
      tags,
      summary:
        "Attach an image to one's own ticket as the raw body (application/octet-stream): JPEG, PNG or HEIC by its bytes, 10 MB at most, drawn again without its metadata; an answered ticket opens again",
      querystring: ticketThreadQuery,
      response: { 200: successEnvelope(ticketAttachmentView) },
    },
    ...acceptFileBody,
    handler: async (request) => {
      const attached = await attachImage(
        db,
        requireMemberFileKeys(config),
        {
          author: 'member',
          memberId: currentMember(request).memberId,
          ticketId: ticketId(request.query.ticketId),
          bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        },
        clock.now(),
      );
      return ok(attached, 'Image attached');
    },
  });

  routes.get('/ticket/attachment', {
    schema: {
      tags,
      summary:
        "An image of one of the member's own tickets, as stored; never cached. Another member's answers 404",
      querystring: ticketAttachmentQuery,
    },
    handler: async (request, reply) => {
      const id = recordId(request.query.attachmentId, TICKET_ATTACHMENT_NOT_FOUND);
      const file = await readTicketImage(db, requireMemberFileKeys(config), {
        attachmentId: id,
        memberId: currentMember(request).memberId,
      });
      if (!file) throw new AppError('NOT_FOUND', TICKET_ATTACHMENT_NOT_FOUND);
      return sendMemberFile(reply, file, 'ticket-image');
    },
  });
}
