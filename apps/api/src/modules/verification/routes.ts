import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOCUMENT_NOT_FOUND,
  memberVerificationData,
  successEnvelope,
  VERIFICATION_DOCUMENT_KINDS,
  verificationDocumentLabels,
  verificationDocumentView,
  verificationSubmitBody,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { currentMember } from '../../plugins/member-auth.ts';
import { promptDelivery } from '../../core/mail-outbox/prompt-delivery.ts';
import {
  acceptFileBody,
  memberFileKeysOf,
  readMemberFile,
  registerFileBodies,
  requireMemberFileKeys,
  sendMemberFile,
} from '../../core/member-files/index.ts';
import { idParams, recordId } from '../../core/id-params.ts';
import { AppError } from '../../lib/errors.ts';
import { memberDocument, readMemberVerification } from './member-verification.ts';
import { submitVerification } from './submit-verification.ts';
import { uploadDocument } from './upload-document.ts';

const tags = ['verification'];

const kindParams = z.object({
  kind: z.enum(VERIFICATION_DOCUMENT_KINDS, { error: 'Choose which document this is.' }),
});

/** The member's identity verification (decision 0055), in the member group. */
export async function verificationRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;
  const deliver = promptDelivery(app);
  registerFileBodies(app);

  routes.get('/verification', {
    schema: {
      tags,
      summary:
        'Where the member stands (not started, submitted, approved, rejected with the reason, one document asked for again), their drafts and what the requirements ask',
      response: { 200: successEnvelope(memberVerificationData) },
    },
    handler: async (request) =>
      ok(
        await readMemberVerification(db, currentMember(request).memberId, memberFileKeysOf(config)),
      ),
  });

  routes.put('/verification/documents/:kind', {
    schema: {
      tags,
      summary:
        'Upload one document as the raw body (application/octet-stream): JPEG, PNG, HEIC or PDF by its bytes, 10 MB at most (413 before reading more), 40 files or 100 MB a day with ticket images (429 and Retry-After past that); images lose their metadata',
      params: kindParams,
      response: { 200: successEnvelope(verificationDocumentView) },
    },
    ...acceptFileBody,
    handler: async (request) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const document = await uploadDocument(
        db,
        requireMemberFileKeys(config),
        { memberId: currentMember(request).memberId, kind: request.params.kind, bytes },
        clock.now(),
      );
      return ok(document, `${verificationDocumentLabels[document.kind].label} uploaded`);
    },
  });

  routes.get('/verification/documents/:id', {
    schema: {
      tags,
      summary:
        "One of the member's own documents, as stored (images without metadata); never cached. Another member's answers 404",
      params: idParams,
    },
    handler: async (request, reply) => {
      const { memberId } = currentMember(request);
      const document = await memberDocument(
        db,
        memberId,
        recordId(request.params.id, DOCUMENT_NOT_FOUND),
      );
      const file =
        document &&
        (await readMemberFile(db, requireMemberFileKeys(config), {
          fileId: document.fileId,
          purpose: 'verification',
          memberId,
        }));
      if (!document || !file) throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND);
      return sendMemberFile(reply, file, document.kind);
    },
  });

  routes.post('/verification/submit', {
    schema: {
      tags,
      summary:
        'Submit the details and the uploaded documents for review; every missing one is named',
      body: verificationSubmitBody,
      response: { 200: successEnvelope(memberVerificationData) },
    },
    handler: async (request) => {
      const { memberId } = currentMember(request);
      const keys = requireMemberFileKeys(config);
      const submitted = await submitVerification(
        db,
        keys,
        { ...request.body, memberId },
        config,
        clock.now(),
      );
      if (submitted.mailId) deliver([submitted.mailId], request.log);
      return ok(
        await readMemberVerification(db, memberId, keys),
        'Documents submitted: we will tell you when they are reviewed',
      );
    },
  });
}
