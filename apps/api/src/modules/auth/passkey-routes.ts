import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginData,
  passkeyAddBody,
  passkeyAddedData,
  passkeyAnswerBody,
  passkeyOptionsBody,
  passkeyRenameBody,
  passkeySecondStepBody,
  passkeySecondStepOptionsBody,
  passkeySignInBody,
  passkeysData,
  passkeyView,
  stepUpData,
  successEnvelope,
  webauthnOptionsData,
} from '@app/contracts';
import { idParams, recordId } from '../../core/id-params.ts';
import { promptDelivery } from '../../core/mail-outbox/prompt-delivery.ts';
import { passkeysOf } from '../../core/second-factor/passkeys.ts';
import { ok } from '../../lib/reply.ts';
import { currentMember } from '../../plugins/member-auth.ts';
import { freshSecondFactor } from '../../plugins/step-up.ts';
import {
  addPasskey,
  passkeyRegistrationOptions,
  removePasskey,
  renamePasskey,
  setPasskeySignIn,
} from './passkeys.ts';
import {
  passkeySignInOptions,
  signInWithPasskey,
  stepUpPasskeyOptions,
  stepUpWithPasskey,
} from './passkey-sign-in.ts';
import { SIGN_INS_PER_MINUTE } from './routes.ts';
import { completePasskeySecondStep, passkeySecondStepOptions } from './second-factor-login.ts';

// Passkeys (decision 0048). Options and answers are WebAuthn's JSON, passed to and from
// @simplewebauthn/browser as they are.

const tags = ['auth'];
const MINUTE = 60_000;
const signInLimit = { rateLimit: { max: SIGN_INS_PER_MINUTE, timeWindow: MINUTE } };
const PASSKEY_NOT_FOUND = 'Passkey not found';

/** Signing in with a passkey: as the second step, or alone (public routes). */
export async function passkeySignInRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;
  const deliver = promptDelivery(app);
  const caller = (request: { ip: string; headers: { 'user-agent'?: string } }) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });

  routes.post('/auth/login/second-factor/passkey-options', {
    schema: {
      tags,
      summary:
        "Options for finishing a sign-in that answered SECOND_FACTOR_REQUIRED with one of the member's passkeys",
      body: passkeySecondStepOptionsBody,
      response: { 200: successEnvelope(webauthnOptionsData) },
    },
    config: signInLimit,
    handler: async (request) => {
      const options = await passkeySecondStepOptions(
        db,
        config.webauthn,
        request.body.challenge,
        clock.now(),
      );
      return ok({ options }, 'Use your passkey');
    },
  });

  routes.post('/auth/login/second-factor/passkey', {
    schema: {
      tags,
      summary:
        "Finish a sign-in with the passkey's answer to those options; answers like auth/login",
      body: passkeySecondStepBody,
      response: { 200: successEnvelope(loginData) },
    },
    config: signInLimit,
    handler: async (request) => {
      const { data, mailIds } = await completePasskeySecondStep(
        db,
        config.webauthn,
        { ...request.body, ...caller(request) },
        clock.now(),
        config.rateLimits.login,
      );
      deliver(mailIds, request.log);
      return ok(data, 'Signed in');
    },
  });

  routes.post('/auth/passkey-sign-in/options', {
    schema: {
      tags,
      summary:
        'Options for signing in with a passkey alone, with no id or password (where the member allowed it)',
      response: { 200: successEnvelope(webauthnOptionsData) },
    },
    config: signInLimit,
    handler: async () => {
      const options = await passkeySignInOptions(db, config.webauthn, clock.now());
      return ok({ options }, 'Choose your passkey');
    },
  });

  routes.post('/auth/passkey-sign-in', {
    schema: {
      tags,
      summary: "Sign in with a passkey's answer to those options; answers like auth/login",
      body: passkeyAnswerBody,
      response: { 200: successEnvelope(loginData) },
    },
    config: signInLimit,
    handler: async (request) => {
      const { data, mailIds } = await signInWithPasskey(
        db,
        config.webauthn,
        { ...request.body, ...caller(request) },
        clock.now(),
        config.rateLimits.login,
      );
      deliver(mailIds, request.log);
      return ok(data, 'Signed in');
    },
  });
}

/** The signed-in member's passkeys (member group). */
export async function passkeyRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;
  const deliver = promptDelivery(app);

  routes.get('/auth/passkeys', {
    schema: {
      tags,
      summary: "The member's passkeys, and whether one may sign in alone",
      response: { 200: successEnvelope(passkeysData) },
    },
    handler: async (request) => ok(await passkeysOf(db, currentMember(request).memberId)),
  });

  routes.post('/auth/passkeys/options', {
    schema: {
      tags,
      summary:
        'Start adding a passkey (the password again; with a second factor on, step-up too): options for the browser to create it',
      body: passkeyOptionsBody,
      response: { 200: successEnvelope(webauthnOptionsData) },
    },
    preHandler: freshSecondFactor,
    handler: async (request) => {
      const options = await passkeyRegistrationOptions(
        db,
        config.webauthn,
        { memberId: currentMember(request).memberId, password: request.body.password },
        clock.now(),
      );
      return ok({ options }, 'Create your passkey');
    },
  });

  routes.post('/auth/passkeys', {
    schema: {
      tags,
      summary:
        "Add the passkey the browser created for those options, with the member's name for it; a first second factor also answers 10 recovery codes, shown once. Withdrawals pause for the hold",
      body: passkeyAddBody,
      response: { 200: successEnvelope(passkeyAddedData) },
    },
    handler: async (request) => {
      const { data, mailId } = await addPasskey(
        db,
        config.webauthn,
        { memberId: currentMember(request).memberId, ...request.body },
        clock.now(),
      );
      deliver([mailId], request.log);
      return ok(data, 'Passkey added');
    },
  });

  routes.patch('/auth/passkeys/:id', {
    schema: {
      tags,
      summary: "Rename one of the member's passkeys; another member's answers 404",
      params: idParams,
      body: passkeyRenameBody,
      response: { 200: successEnvelope(passkeyView) },
    },
    handler: async (request) => {
      const id = recordId(request.params.id, PASSKEY_NOT_FOUND);
      const { memberId } = currentMember(request);
      return ok(await renamePasskey(db, { memberId, id, name: request.body.name }), 'Renamed');
    },
  });

  routes.delete('/auth/passkeys/:id', {
    schema: {
      tags,
      summary: "Remove one of the member's passkeys (step-up first); another member's answers 404",
      params: idParams,
      response: { 200: successEnvelope(z.null()) },
    },
    preHandler: freshSecondFactor,
    handler: async (request) => {
      const id = recordId(request.params.id, PASSKEY_NOT_FOUND);
      const { memberId } = currentMember(request);
      const { mailId } = await removePasskey(db, { memberId, id }, clock.now());
      deliver([mailId], request.log);
      return ok(null, 'Passkey removed');
    },
  });

  routes.put('/auth/passkeys/sign-in', {
    schema: {
      tags,
      summary: 'Let a passkey sign in alone, without the password, or stop it (step-up first)',
      body: passkeySignInBody,
      response: { 200: successEnvelope(z.null()) },
    },
    preHandler: freshSecondFactor,
    handler: async (request) => {
      const { memberId } = currentMember(request);
      const { enabled } = request.body;
      const { mailId } = await setPasskeySignIn(db, { memberId, enabled }, clock.now());
      if (mailId) deliver([mailId], request.log);
      return ok(null, enabled ? 'Passkey sign-in is on' : 'Passkey sign-in is off');
    },
  });

  routes.post('/auth/second-factor/passkey-options', {
    schema: {
      tags,
      summary: "Step-up with a passkey: options for the member's passkeys",
      response: { 200: successEnvelope(webauthnOptionsData) },
    },
    handler: async (request) => {
      const { memberId } = currentMember(request);
      const options = await stepUpPasskeyOptions(db, config.webauthn, memberId, clock.now());
      return ok({ options }, 'Use your passkey');
    },
  });

  routes.post('/auth/second-factor/verify-passkey', {
    schema: {
      tags,
      summary:
        "Step-up: a passkey's answer to those options proves the second factor for this session for 5 minutes",
      body: passkeyAnswerBody,
      response: { 200: successEnvelope(stepUpData) },
    },
    handler: async (request) => {
      const { memberId, sessionId } = currentMember(request);
      const freshUntil = await stepUpWithPasskey(
        db,
        config.webauthn,
        { memberId, sessionId, response: request.body.response },
        clock.now(),
      );
      return ok({ freshUntil: freshUntil.toISOString() }, 'Confirmed');
    },
  });
}
