import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignTicketBody,
  CANNED_REPLY_NOT_FOUND,
  cannedRepliesData,
  cannedReplyBody,
  cannedReplyView,
  successEnvelope,
  TICKET_ATTACHMENT_NOT_FOUND,
  TICKET_NOT_FOUND,
  ticketAttachmentView,
  ticketAssigneesData,
  ticketAssignmentData,
  ticketNoteBody,
  ticketNoteView,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { idParams, recordId } from '../../core/id-params.ts';
import {
  acceptFileBody,
  registerFileBodies,
  requireMemberFileKeys,
  sendMemberFile,
} from '../../core/member-files/index.ts';
import { AppError } from '../../lib/errors.ts';
import { attachImage, readTicketImage } from './ticket-attachments.ts';
import { actorOf } from './operator-actor.ts';
import {
  createCannedReply,
  deleteCannedReply,
  listCannedReplies,
  updateCannedReply,
} from './canned-replies.ts';
import { assignTicket, listAssignees } from './ticket-assignment.ts';
import { addTicketNote } from './ticket-notes.ts';

const tags = ['operator'];
const ticketId = (id: string) => recordId(id, TICKET_NOT_FOUND);
const replyId = (id: string) => recordId(id, CANNED_REPLY_NOT_FOUND);

/**
 * What support works with beside answering (decision 0056): assignment, internal notes, images
 * and the canned replies. Registered by the inbox's routes, under the same operator prefix.
 */
export async function operatorDeskRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;
  registerFileBodies(app);

  routes.get('/tickets/assignees', {
    schema: {
      tags,
      summary: 'The operators a ticket can be assigned to: active, in a role that answers tickets',
      response: { 200: successEnvelope(ticketAssigneesData) },
    },
    config: { operatorPermission: 'tickets.assign' },
    handler: async () => ok({ operators: await listAssignees(db) }),
  });

  routes.post('/tickets/:id/assign', {
    schema: {
      tags,
      summary:
        'Assign a ticket to an operator who answers tickets, or to nobody with operatorId null (audited before → after; the member is not told)',
      params: idParams,
      body: assignTicketBody,
      response: { 200: successEnvelope(ticketAssignmentData) },
    },
    config: { operatorPermission: 'tickets.assign' },
    handler: async (request) => {
      const assigned = await assignTicket(
        db,
        {
          ticketId: ticketId(request.params.id),
          operatorId: request.body.operatorId,
          actor: actorOf(request),
        },
        clock.now(),
      );
      return ok(
        assigned,
        assigned.assignee ? `Assigned to ${assigned.assignee.email}` : 'Unassigned',
      );
    },
  });

  routes.post('/tickets/:id/notes', {
    schema: {
      tags,
      summary:
        'Add an internal note on a ticket: operators only, never shown, notified or mailed to the member (append-only; audited without its text)',
      params: idParams,
      body: ticketNoteBody,
      response: { 200: successEnvelope(ticketNoteView) },
    },
    config: { operatorPermission: 'tickets.notes' },
    handler: async (request) => {
      const note = await addTicketNote(
        db,
        { ticketId: ticketId(request.params.id), text: request.body.text, actor: actorOf(request) },
        clock.now(),
      );
      return ok(note, 'Note added');
    },
  });

  routes.get('/tickets/canned-replies', {
    schema: {
      tags,
      summary: 'The canned replies support inserts into an answer, by title',
      response: { 200: successEnvelope(cannedRepliesData) },
    },
    config: { operatorPermission: 'tickets.answer' },
    handler: async () => ok({ replies: await listCannedReplies(db) }),
  });

  routes.post('/tickets/canned-replies', {
    schema: {
      tags,
      summary: 'Add a canned reply (its title unique in any letter case; audited)',
      body: cannedReplyBody,
      response: { 200: successEnvelope(cannedReplyView) },
    },
    config: { operatorPermission: 'tickets.canned-replies' },
    handler: async (request) => {
      const reply = await createCannedReply(
        db,
        { ...request.body, actor: actorOf(request) },
        clock.now(),
      );
      return ok(reply, 'Canned reply added');
    },
  });

  routes.patch('/tickets/canned-replies/:id', {
    schema: {
      tags,
      summary: "Change a canned reply's title and text (audited)",
      params: idParams,
      body: cannedReplyBody,
      response: { 200: successEnvelope(cannedReplyView) },
    },
    config: { operatorPermission: 'tickets.canned-replies' },
    handler: async (request) => {
      const reply = await updateCannedReply(
        db,
        { id: replyId(request.params.id), ...request.body, actor: actorOf(request) },
        clock.now(),
      );
      return ok(reply, 'Canned reply saved');
    },
  });

  routes.delete('/tickets/canned-replies/:id', {
    schema: {
      tags,
      summary: 'Remove a canned reply (audited with its title)',
      params: idParams,
      response: { 200: successEnvelope(z.null()) },
    },
    config: { operatorPermission: 'tickets.canned-replies' },
    handler: async (request) => {
      await deleteCannedReply(
        db,
        { id: replyId(request.params.id), actor: actorOf(request) },
        clock.now(),
      );
      return ok(null, 'Canned reply removed');
    },
  });

  routes.post('/tickets/:id/attachments', {
    schema: {
      tags,
      summary:
        'Attach an image to a ticket as the raw body (application/octet-stream): JPEG, PNG or HEIC by its bytes, 10 MB at most, drawn again without its metadata (audited; the answer tells the member)',
      params: idParams,
      response: { 200: successEnvelope(ticketAttachmentView) },
    },
    ...acceptFileBody,
    config: { operatorPermission: 'tickets.answer' },
    handler: async (request) => {
      const attached = await attachImage(
        db,
        requireMemberFileKeys(config),
        {
          author: 'operator',
          actor: actorOf(request),
          ticketId: ticketId(request.params.id),
          bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        },
        clock.now(),
      );
      return ok(attached, 'Image attached');
    },
  });

  routes.get('/tickets/attachments/:id', {
    schema: {
      tags,
      summary: "An image of a ticket's thread, as stored; never cached",
      params: idParams,
    },
    config: { operatorPermission: 'tickets.read' },
    handler: async (request, reply) => {
      const file = await readTicketImage(db, requireMemberFileKeys(config), {
        attachmentId: recordId(request.params.id, TICKET_ATTACHMENT_NOT_FOUND),
      });
      if (!file) throw new AppError('NOT_FOUND', TICKET_ATTACHMENT_NOT_FOUND);
      return sendMemberFile(reply, file, 'ticket-image');
    },
  });
}
