import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  can,
  SUBMISSION_NOT_FOUND,
  successEnvelope,
  verificationDecisionBody,
  verificationQueuePage,
  verificationQueueQuery,
  verificationRequirementsBody,
  verificationRequirementsData,
  verificationSettings,
  verificationSubmissionDetail,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { AppError } from '../../lib/errors.ts';
import { withTransaction } from '../../ledger/index.ts';
import { currentOperator, operatorActor } from '../../plugins/operator-auth.ts';
import { recordId } from '../../core/id-params.ts';
import { recordAudit, recordOperatorAction } from '../../core/audit.ts';
import { promptDelivery } from '../../core/mail-outbox/prompt-delivery.ts';
import {
  readMemberFile,
  requireMemberFileKeys,
  sendMemberFile,
} from '../../core/member-files/index.ts';
import { currentRequirements, publishRequirements } from '../../core/verification-records.ts';
import {
  readVerificationSettings,
  saveVerificationSettings,
} from '../../core/verification-gate.ts';
import { decideSubmission } from './decide-submission.ts';
import { documentFileOf, listQueue, readSubmission } from './queue.ts';

const tags = ['operator'];
const submissionId = (id: string) => recordId(id, SUBMISSION_NOT_FOUND);
const notFound = () => new AppError('NOT_FOUND', SUBMISSION_NOT_FOUND);

const idParams = z.object({ id: z.string() });
const documentParams = z.object({ id: z.string(), documentId: z.string() });

/** The console's identity verification (decision 0055), in the operator group. */
export async function operatorVerificationRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;
  const deliver = promptDelivery(app);

  routes.get('/verification', {
    schema: {
      tags,
      summary:
        'The verification queue by status (default: in review, longest waiting first) and age',
      querystring: verificationQueueQuery,
      response: { 200: successEnvelope(verificationQueuePage) },
    },
    config: { operatorPermission: 'verification.read' },
    handler: async (request) => ok(await listQueue(db, request.query, clock.now())),
  });

  routes.get('/verification/:id', {
    schema: {
      tags,
      summary:
        'One submission: its member and status; its details and documents for those who review',
      params: idParams,
      response: { 200: successEnvelope(verificationSubmissionDetail) },
    },
    config: { operatorPermission: 'verification.read' },
    handler: async (request) => {
      const reviewer = can(currentOperator(request).role, 'verification.review');
      const detail = await readSubmission(
        db,
        submissionId(request.params.id),
        reviewer ? requireMemberFileKeys(config) : null,
      );
      if (!detail) throw notFound();
      return ok(detail);
    },
  });

  routes.get('/verification/:id/documents/:documentId', {
    schema: {
      tags,
      summary:
        'One document of a submission, streamed for this session only and never cached; every view is audited',
      params: documentParams,
    },
    config: { operatorPermission: 'verification.review' },
    handler: async (request, reply) => {
      const id = submissionId(request.params.id);
      const documentId = recordId(request.params.documentId, SUBMISSION_NOT_FOUND);
      const document = await documentFileOf(db, id, documentId);
      if (!document) throw notFound();
      const file = await readMemberFile(db, requireMemberFileKeys(config), {
        fileId: document.fileId,
        purpose: 'verification',
      });
      if (!file) throw notFound();
      await recordOperatorAction(
        db,
        operatorActor(request),
        {
          action: 'verification.document-viewed',
          targetType: 'verification',
          targetId: id,
          detail: { memberId: document.memberId, documentId, kind: document.kind },
        },
        clock.now(),
      );
      return sendMemberFile(reply, file, document.kind);
    },
  });

  routes.post('/verification/:id/decide', {
    schema: {
      tags,
      summary:
        'Approve, reject with a reason (and a note), or ask for one document again; the member is told (audited; a decision already taken answers 409 naming who took it)',
      params: idParams,
      body: verificationDecisionBody,
      response: { 200: successEnvelope(verificationSubmissionDetail) },
    },
    config: { operatorPermission: 'verification.review' },
    handler: async (request) => {
      const id = submissionId(request.params.id);
      const { mailId } = await decideSubmission(
        db,
        { id, decision: request.body, actor: operatorActor(request), publicUrl: config.publicUrl },
        clock.now(),
      );
      if (mailId) deliver([mailId], request.log);
      const detail = await readSubmission(db, id, requireMemberFileKeys(config));
      if (!detail) throw notFound();
      return ok(detail, decidedMessage[request.body.decision]);
    },
  });

  routes.get('/verification-requirements', {
    schema: {
      tags,
      summary: 'The current version of what verification asks for, by country',
      response: { 200: successEnvelope(verificationRequirementsData) },
    },
    config: { operatorPermission: 'verification.read' },
    handler: async () => ok(await currentRequirements(db)),
  });

  routes.put('/verification-requirements', {
    schema: {
      tags,
      summary:
        'Publish a new version of the requirements: new submissions follow it, approved members stay approved (audited)',
      body: verificationRequirementsBody,
      response: { 200: successEnvelope(verificationRequirementsData) },
    },
    config: { operatorPermission: 'verification.configure' },
    handler: async (request) => {
      const { operatorId } = currentOperator(request);
      const now = clock.now();
      const published = await withTransaction(db, async (tx) => {
        const before = await currentRequirements(tx);
        const after = await publishRequirements(tx, request.body, operatorId, now);
        await recordAudit(tx, {
          operatorId,
          action: 'verification.requirements',
          targetType: 'settings',
          targetId: 'verification-requirements',
          detail: { version: after.version, before: before.requirements, after: request.body },
          ip: request.ip,
          now,
        });
        return after;
      });
      return ok(published, `Requirements version ${published.version} published`);
    },
  });

  routes.get('/settings/verification', {
    schema: {
      tags,
      summary:
        'When verification is required: withdrawals (never, every one, past a total) and deposits above an amount',
      response: { 200: successEnvelope(verificationSettings) },
    },
    config: { operatorPermission: 'verification.configure' },
    handler: async () => ok(await readVerificationSettings(db)),
  });

  routes.put('/settings/verification', {
    schema: {
      tags,
      summary: 'Change when verification is required (audited)',
      body: verificationSettings,
      response: { 200: successEnvelope(verificationSettings) },
    },
    config: { operatorPermission: 'verification.configure' },
    handler: async (request) => {
      const { operatorId } = currentOperator(request);
      const now = clock.now();
      await withTransaction(db, async (tx) => {
        const before = await readVerificationSettings(tx);
        await saveVerificationSettings(tx, request.body, operatorId, now);
        await recordAudit(tx, {
          operatorId,
          action: 'settings.verification',
          targetType: 'settings',
          targetId: 'verification',
          detail: { before, after: request.body },
          ip: request.ip,
          now,
        });
      });
      return ok(request.body, 'Settings saved');
    },
  });
}

const decidedMessage = {
  approve: 'Approved: the member is verified',
  reject: 'Rejected: the member sees the reason',
  'request-document': 'Asked for the document again',
} as const;
