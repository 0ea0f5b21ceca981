import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailChangeBody,
  emailChangeConfirmBody,
  ownDetailsData,
  successEnvelope,
} from '@app/contracts';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { currentMember } from '../../plugins/member-auth.ts';
import { freshSecondFactor } from '../../plugins/step-up.ts';
import { promptDelivery } from '../../core/mail-outbox/prompt-delivery.ts';
import { confirmEmailChange, startEmailChange } from './email-change.ts';
import { changeOwnDetails, ownDetailsBody } from './own-details.ts';

const empty = successEnvelope(z.null());

/** The member's own name, mobile number and email, from the profile (decision 0059). */
export async function ownDetailsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;
  const deliver = promptDelivery(app);

  routes.patch('/auth/profile', {
    schema: {
      tags: ['auth'],
      summary:
        "Change the member's own name, mobile number or both (checked as at registration); told in the app and by mail",
      body: ownDetailsBody,
      response: { 200: successEnvelope(ownDetailsData) },
    },
    handler: async (request) => {
      const { memberId } = currentMember(request);
      const { changed, mailId } = await changeOwnDetails(db, memberId, request.body, clock.now());
      deliver([mailId], request.log);
      return ok({ changed }, 'Your details were saved');
    },
  });

  routes.post('/auth/email-change', {
    schema: {
      tags: ['auth'],
      summary:
        'Start changing the email: the password checked, a code mailed to the new address (once a minute)',
      body: emailChangeBody,
      response: { 200: empty },
    },
    preHandler: freshSecondFactor,
    handler: async (request) => {
      const { memberId } = currentMember(request);
      const sent = await startEmailChange(db, { memberId, ...request.body }, clock.now());
      deliver([sent.mailId], request.log);
      return ok(null, `A code was sent to ${sent.maskedEmail}`);
    },
  });

  routes.post('/auth/email-change/confirm', {
    schema: {
      tags: ['auth'],
      summary:
        'Finish changing the email with the code sent to the new address; both addresses are told and withdrawals pause',
      body: emailChangeConfirmBody,
      response: { 200: empty },
    },
    handler: async (request) => {
      const { memberId } = currentMember(request);
      const { email, otp } = request.body;
      const { mailIds } = await confirmEmailChange(db, { memberId, email, code: otp }, clock.now());
      deliver(mailIds, request.log);
      return ok(null, `Your email is now ${email}`);
    },
  });
}
