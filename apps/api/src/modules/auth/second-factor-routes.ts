import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginData,
  recoveryCodesBody,
  recoveryCodesData,
  secondFactorLoginBody,
  secondFactorStatusData,
  stepUpBody,
  stepUpData,
  successEnvelope,
  totpConfirmBody,
  totpDisableBody,
  totpSetupBody,
  totpSetupData,
} from '@app/contracts';
import { siteNameOf } from '../../config/site-name.ts';
import { ok } from '../../lib/reply.ts';
import { currentMember } from '../../plugins/member-auth.ts';
import { promptDelivery } from '../../core/mail-outbox/prompt-delivery.ts';
import { SIGN_INS_PER_MINUTE } from './routes.ts';
import { secondFactorStatus } from '../../core/second-factor/state.ts';
import { completeSecondFactor } from './second-factor-login.ts';
import {
  confirmTotp,
  disableTotp,
  regenerateRecoveryCodes,
  setUpTotp,
  stepUp,
  type SecondFactorContext,
} from './second-factor.ts';

const tags = ['auth'];
const MINUTE = 60_000;

/** The sign-in's second step (public: the challenge stands for the password step). */
export async function secondFactorSignInRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const deliver = promptDelivery(app);

  routes.post('/auth/login/second-factor', {
    schema: {
      tags,
      summary:
        'Finish a sign-in that answered SECOND_FACTOR_REQUIRED: its challenge and a code from the authenticator app or a recovery code; answers like auth/login',
      body: secondFactorLoginBody,
      response: { 200: successEnvelope(loginData) },
    },
    config: { rateLimit: { max: SIGN_INS_PER_MINUTE, timeWindow: MINUTE } },
    handler: async (request) => {
      const { data, mailIds } = await completeSecondFactor(
        database.db,
        { ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] },
        clock.now(),
        config.rateLimits.login,
        config.secondFactorKeys,
      );
      deliver(mailIds, request.log);
      return ok(data, 'Signed in');
    },
  });
}

/** The signed-in member's second factor (in the member group; decision 0045). */
export async function secondFactorRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;
  const deliver = promptDelivery(app);
  const context: SecondFactorContext = {
    keys: config.secondFactorKeys,
    issuer: siteNameOf(config.mailFrom),
  };

  routes.get('/auth/second-factor', {
    schema: {
      tags,
      summary:
        'Whether the authenticator app is on, since when, and how many recovery codes are left',
      response: { 200: successEnvelope(secondFactorStatusData) },
    },
    handler: async (request) => ok(await secondFactorStatus(db, currentMember(request).memberId)),
  });

  routes.post('/auth/second-factor/verify', {
    schema: {
      tags,
      summary:
        'Step-up: a current code (or a recovery code) proves the second factor for this session for 5 minutes; then repeat the request that answered STEP_UP_REQUIRED',
      body: stepUpBody,
      response: { 200: successEnvelope(stepUpData) },
    },
    handler: async (request) => {
      const { memberId, sessionId } = currentMember(request);
      const freshUntil = await stepUp(
        db,
        { memberId, sessionId, ...request.body },
        context,
        clock.now(),
      );
      return ok({ freshUntil: freshUntil.toISOString() }, 'Confirmed');
    },
  });

  routes.post('/auth/second-factor/totp/setup', {
    schema: {
      tags,
      summary:
        'Start turning on the authenticator app (the password again): a new secret, its otpauth URI and QR code, shown once',
      body: totpSetupBody,
      response: { 200: successEnvelope(totpSetupData) },
    },
    handler: async (request) => {
      const { memberId } = currentMember(request);
      const setup = await setUpTotp(db, { memberId, ...request.body }, context, clock.now());
      return ok(setup, 'Scan the QR code with your authenticator app, then enter its code');
    },
  });

  routes.post('/auth/second-factor/totp/confirm', {
    schema: {
      tags,
      summary:
        'Turn the authenticator app on with a first code from it; answers 10 recovery codes, shown once',
      body: totpConfirmBody,
      response: { 200: successEnvelope(recoveryCodesData) },
    },
    handler: async (request) => {
      const { memberId } = currentMember(request);
      const { recoveryCodes, mailId } = await confirmTotp(
        db,
        { memberId, code: request.body.code },
        context,
        clock.now(),
      );
      deliver([mailId], request.log);
      return ok({ recoveryCodes }, 'Two-factor authentication is on');
    },
  });

  routes.post('/auth/second-factor/totp/disable', {
    schema: {
      tags,
      summary: 'Turn the authenticator app off: the password and a current code or a recovery code',
      body: totpDisableBody,
      response: { 200: successEnvelope(z.null()) },
    },
    handler: async (request) => {
      const { memberId } = currentMember(request);
      const { mailId } = await disableTotp(db, { memberId, ...request.body }, context, clock.now());
      deliver([mailId], request.log);
      return ok(null, 'Two-factor authentication is off');
    },
  });

  routes.post('/auth/second-factor/recovery-codes', {
    schema: {
      tags,
      summary:
        'Replace every recovery code (a current code or a recovery code; without one, a factor proved by this session in the last 5 minutes); the new ones are shown once',
      body: recoveryCodesBody,
      response: { 200: successEnvelope(recoveryCodesData) },
    },
    handler: async (request) => {
      const { memberId, sessionId } = currentMember(request);
      const { recoveryCodes, mailId } = await regenerateRecoveryCodes(
        db,
        { memberId, sessionId, code: request.body.code },
        context,
        clock.now(),
      );
      deliver([mailId], request.log);
      return ok({ recoveryCodes }, 'New recovery codes made; the earlier ones no longer work');
    },
  });
}
