import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInviteBody,
  inviteOperatorBody,
  operatorLoginData,
  secondFactorResetBody,
  staffOperatorList,
  staffOperatorView,
  successEnvelope,
  updateOperatorBody,
} from '@app/contracts';
import { idParams, recordId } from '../../core/id-params.ts';
import { ok } from '../../lib/reply.ts';
import { currentOperator } from '../../plugins/operator-auth.ts';
import { operatorLogin } from './login.ts';
import { promptDelivery } from '../../core/mail-outbox/prompt-delivery.ts';
import { acceptInvitation } from './accept-invitation.ts';
import { inviteOperator } from './invite-operator.ts';
import { listOperators } from './list-operators.ts';
import { resendInvitation } from './resend-invitation.ts';
import { resetOperatorSecondFactor } from './second-factor.ts';
import type { Actor } from './staff-actor.ts';
import { updateOperator } from './update-operator.ts';

const tags = ['operator'];
const empty = successEnvelope(z.null());
const NOT_FOUND = 'Operator not found';
const MINUTE = 60_000;
/** Invitation links guessed per IP: each guess is a 256-bit token, so this only caps noise. */
const ACCEPTS_PER_MINUTE = 20;

const actorOf = (request: FastifyRequest): Actor => ({
  operator: currentOperator(request),
  ip: request.ip,
});

/** Operator accounts and their invitations (in the operator group, at /api/v1/operator). */
export async function operatorStaffRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;
  const deliver = promptDelivery(app);

  routes.get('/operators', {
    schema: {
      tags,
      summary: 'Every operator with role, status and last sign-in',
      response: { 200: successEnvelope(staffOperatorList) },
    },
    config: { operatorPermission: 'operators.manage' },
    handler: async () => ok(await listOperators(db)),
  });

  routes.post('/operators', {
    schema: {
      tags,
      summary: 'Invite an operator: the link to set a password is emailed',
      body: inviteOperatorBody,
      response: { 200: successEnvelope(staffOperatorView) },
    },
    config: { operatorPermission: 'operators.manage' },
    handler: async (request) => {
      const { operator, mailId } = await inviteOperator(
        db,
        { ...request.body, publicUrl: config.publicUrl },
        actorOf(request),
        clock.now(),
      );
      deliver([mailId], request.log);
      return ok(operator, 'Invitation sent');
    },
  });

  routes.patch('/operators/:id', {
    schema: {
      tags,
      summary: "Change an operator's role or enable/disable them; never one's own",
      params: idParams,
      body: updateOperatorBody,
      response: { 200: empty },
    },
    config: { operatorPermission: 'operators.manage' },
    handler: async (request) => {
      const id = recordId(request.params.id, NOT_FOUND);
      await updateOperator(db, id, request.body, actorOf(request), clock.now());
      return ok(null, 'Operator updated');
    },
  });

  routes.post('/operators/:id/resend-invite', {
    schema: {
      tags,
      summary: 'Email a new invitation link; earlier links stop working',
      params: idParams,
      response: { 200: empty },
    },
    config: { operatorPermission: 'operators.manage' },
    handler: async (request) => {
      const id = recordId(request.params.id, NOT_FOUND);
      const invited = { operatorId: id, publicUrl: config.publicUrl };
      const { mailId } = await resendInvitation(db, invited, actorOf(request), clock.now());
      deliver([mailId], request.log);
      return ok(null, 'Invitation sent');
    },
  });

  routes.post('/operators/:id/second-factor/reset', {
    schema: {
      tags,
      summary:
        "Turn another operator's authenticator app off when they lost it, with a reason (audited); their sessions end and they are told by email",
      params: idParams,
      body: secondFactorResetBody,
      response: { 200: empty },
    },
    config: { operatorPermission: 'operators.reset-second-factor' },
    handler: async (request) => {
      const id = recordId(request.params.id, NOT_FOUND);
      const { mailId } = await resetOperatorSecondFactor(
        db,
        { operatorId: id, reason: request.body.reason },
        actorOf(request),
        clock.now(),
      );
      deliver([mailId], request.log);
      return ok(null, 'Two-factor authentication reset');
    },
  });
}

/** Accepting an invitation (public, beside the operator sign-in): sets the password, signs in. */
export async function operatorInviteRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;

  routes.post('/auth/accept-invite', {
    schema: {
      tags,
      summary: 'Set the password of an invited operator with the mailed token, then sign in',
      body: acceptInviteBody,
      response: { 200: successEnvelope(operatorLoginData) },
    },
    config: { rateLimit: { max: ACCEPTS_PER_MINUTE, timeWindow: MINUTE } },
    handler: async (request) => {
      const now = clock.now();
      const { email } = await acceptInvitation(
        db,
        { token: request.body.token, password: request.body.password, ip: request.ip },
        now,
      );
      const session = await operatorLogin(
        db,
        {
          email,
          password: request.body.password,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        },
        now,
        config.rateLimits.login,
        config.secondFactorKeys,
      );
      return ok(session, 'Welcome');
    },
  });
}
