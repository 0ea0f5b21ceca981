import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBody,
  forgotPasswordBody,
  getReferData,
  getReferQuery,
  loginBody,
  loginData,
  otpVerifyBody,
  PROOF_OF_WORK_PATH,
  proofOfWorkChallengeData,
  registerData,
  resetPasswordBody,
  sendOtpRequestQuery,
  successEnvelope,
  toMicros,
} from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { currentMember } from '../../plugins/member-auth.ts';
import { freshSecondFactor } from '../../plugins/step-up.ts';
import { perMemberKey } from '../../plugins/rate-limit.ts';
import { login } from './login.ts';
import { promptDelivery } from '../../core/mail-outbox/prompt-delivery.ts';
import { changePassword } from './change-password.ts';
import {
  admitResetRequest,
  countResetRequest,
  issueResetCode,
  RESET_CODE_SENT,
} from './forgot-password.ts';
import { admitRegistration, registerBody, registerMember, findActiveSponsor } from './register.ts';
import { newProofOfWorkChallenge } from '../../core/proof-of-work.ts';
import { resetPassword } from './reset-password.ts';
import { sendOtp, type OtpRequest } from '../../core/send-otp.ts';
import { verifyEmail } from './verify-email.ts';
import { revokeSession } from '../../core/sessions/member-sessions.ts';
import { siteNameOf } from '../../config/site-name.ts';

const MINUTE = 60_000;
const TEN_MINUTES = 10 * MINUTE;
// Request ceilings per IP. They cap work (Argon2 costs ~50 ms of CPU a check) and bursts; the
// guessing defences are the per-id failure throttle and the five tries an OTP allows.
const LOOKUPS_PER_MINUTE = 300;
export const SIGN_INS_PER_MINUTE = 300;
const OTP_CHECKS_PER_TEN_MINUTES = 200;
const CHALLENGES_PER_MINUTE = 300;
const empty = successEnvelope(z.null());

/** Registration, sign-in and email verification: the public routes of the member API. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;
  const deliver = promptDelivery(app);
  if (!config.proofOfWork.key)
    app.log.error(
      'PROOF_OF_WORK_KEY is not set: no robot check can be given, so registrations and reset requests past the volume per address are refused (decision 0050)',
    );

  routes.post('/auth/register', {
    schema: {
      tags: ['auth'],
      summary:
        'Register under an invitation id; past a few registrations from one address in an hour, answers 428 PROOF_OF_WORK_REQUIRED unless the body carries a solved proofOfWork',
      body: registerBody,
      response: { 200: successEnvelope(registerData) },
    },
    config: { rateLimit: { max: config.rateLimits.register, timeWindow: TEN_MINUTES } },
    handler: async (request) => {
      const now = clock.now();
      await admitRegistration(
        db,
        { ip: request.ip, proofOfWork: request.body.proofOfWork },
        { perAddress: config.proofOfWork.registrationsPerAddress, key: config.proofOfWork.key },
        now,
      );
      const registered = await registerMember(db, request.body, now, {
        publicUrl: config.publicUrl,
        siteName: siteNameOf(config.mailFrom),
      });
      // In this order: the code first, as the member waits for it.
      deliver([registered.mailId, registered.welcomeMailId], request.log);
      return ok(
        { referral_code: registered.referralCode },
        `Registration successful. Your Registered ID is ${registered.referralCode}. We sent a verification code to ${registered.email}.`,
      );
    },
  });

  routes.get(`/${PROOF_OF_WORK_PATH}`, {
    schema: {
      tags: ['auth'],
      summary:
        'A proof-of-work challenge (ALTCHA v2, PBKDF2/SHA-256) for registration, a forgotten password or a sign-in after failures: solve it and send it in the body as proofOfWork',
      response: { 200: successEnvelope(proofOfWorkChallengeData) },
    },
    config: { rateLimit: { max: CHALLENGES_PER_MINUTE, timeWindow: MINUTE } },
    handler: async () => ok(await newProofOfWorkChallenge(config.proofOfWork.key, clock.now())),
  });

  routes.get('/auth/get-refer', {
    schema: {
      tags: ['auth'],
      summary: 'Name of the member behind an invitation id',
      querystring: getReferQuery,
      response: { 200: successEnvelope(getReferData) },
    },
    config: { rateLimit: { max: LOOKUPS_PER_MINUTE, timeWindow: MINUTE } },
    handler: async (request) => {
      const sponsor = await findActiveSponsor(db, request.query.referralCode);
      if (!sponsor) throw new AppError('NOT_FOUND', 'No member has this invitation id');
      return ok({ name: sponsor.name });
    },
  });

  routes.post('/auth/login', {
    schema: {
      tags: ['auth'],
      summary:
        'Sign in with Registered ID (or email) and password; an account with a second factor answers 401 SECOND_FACTOR_REQUIRED with a challenge; after failed sign-ins, 428 PROOF_OF_WORK_REQUIRED unless the body carries a solved proofOfWork',
      body: loginBody,
      response: { 200: successEnvelope(loginData) },
    },
    config: { rateLimit: { max: SIGN_INS_PER_MINUTE, timeWindow: MINUTE } },
    handler: async (request) => {
      const { data, mailIds } = await login(
        db,
        { ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] },
        clock.now(),
        config.rateLimits.login,
        config.secondFactorKeys,
        {
          key: config.proofOfWork.key,
          signInFailures: config.proofOfWork.signInFailures,
          accountFailures: config.proofOfWork.accountFailures,
        },
        (mailIds) => deliver(mailIds, request.log),
      );
      deliver(mailIds, request.log);
      return ok(data, 'Signed in');
    },
  });

  routes.post('/auth/otp-verify', {
    schema: {
      tags: ['auth'],
      summary: 'Verify the email address with the mailed code',
      body: otpVerifyBody,
      response: { 200: empty },
    },
    config: { rateLimit: { max: OTP_CHECKS_PER_TEN_MINUTES, timeWindow: TEN_MINUTES } },
    handler: async (request) => {
      const login = request.body.loginId || request.body.email || '';
      await verifyEmail(db, { login, otp: request.body.otp }, clock.now());
      return ok(null, 'Email verified');
    },
  });

  routes.post('/auth/forgot-password', {
    schema: {
      tags: ['auth'],
      summary:
        'Mail a password-reset code to the member with this Registered ID or email; the same answer for an unknown id; past a few requests from one address in an hour, 428 PROOF_OF_WORK_REQUIRED unless the body carries a solved proofOfWork',
      body: forgotPasswordBody,
      response: { 200: empty },
    },
    config: { rateLimit: { max: config.rateLimits.passwordReset, timeWindow: TEN_MINUTES } },
    handler: async (request) => {
      const { loginId, proofOfWork } = request.body;
      const now = clock.now();
      await admitResetRequest(
        db,
        { ip: request.ip, proofOfWork },
        { perAddress: config.proofOfWork.resetRequestsPerAddress, key: config.proofOfWork.key },
        now,
      );
      await countResetRequest(db, loginId, now);
      // The member is looked up and the code issued after the answer: its time is the same
      // whether or not the id exists. A failure is logged (the member can ask again).
      void issueResetCode(db, loginId, now)
        .then((reset) => {
          if (reset) deliver([reset.mailId], request.log);
        })
        .catch((error: unknown) =>
          request.log.error({ err: error }, 'could not issue a password-reset code'),
        );
      return ok(null, RESET_CODE_SENT);
    },
  });

  routes.post('/auth/reset-password', {
    schema: {
      tags: ['auth'],
      summary: 'Set a new password with the mailed reset code; ends every session of the member',
      body: resetPasswordBody,
      response: { 200: empty },
    },
    config: { rateLimit: { max: OTP_CHECKS_PER_TEN_MINUTES, timeWindow: TEN_MINUTES } },
    handler: async (request) => {
      const { loginId, otp, newPassword } = request.body;
      const reset = await resetPassword(db, { loginId, otp, newPassword }, clock.now());
      app.sessionEnds.ended({ memberId: reset.memberId });
      deliver([reset.mailId], request.log);
      return ok(null, 'Your password was reset. Sign in with the new one.');
    },
  });
}

/** Codes and sign-out for the signed-in member (in the member group). */
export async function memberAuthRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;
  const deliver = promptDelivery(app);

  routes.get('/auth/send-otp', {
    schema: {
      tags: ['auth'],
      summary:
        'Mail a one-time code: verify-email, withdrawal (wallet, amount) or payout-address (address)',
      querystring: sendOtpRequestQuery,
      response: { 200: empty },
    },
    config: {
      rateLimit: {
        max: config.rateLimits.otp,
        timeWindow: TEN_MINUTES,
        keyGenerator: perMemberKey,
        hook: 'preHandler',
      },
      // A GET that issues a code and mails it: an operator's read-only view may not (0026).
      readOnlySession: 'refuse',
    },
    handler: async (request) => {
      const sent = await sendOtp(
        db,
        currentMember(request).memberId,
        otpRequestOf(request.query),
        clock.now(),
      );
      deliver([sent.mailId], request.log);
      return ok(null, `A code was sent to ${sent.maskedEmail}`);
    },
  });

  routes.post('/auth/change-password', {
    schema: {
      tags: ['auth'],
      summary: 'Change the password (the current one checked); ends every other session',
      body: changePasswordBody,
      response: { 200: empty },
    },
    preHandler: freshSecondFactor,
    handler: async (request) => {
      const { memberId, sessionId } = currentMember(request);
      const { currentPassword, newPassword } = request.body;
      const changed = await changePassword(
        db,
        { memberId, sessionId, currentPassword, newPassword },
        clock.now(),
      );
      app.sessionEnds.ended({ memberId, exceptSessionId: sessionId });
      deliver([changed.mailId], request.log);
      return ok(null, 'Password changed. Other devices were signed out.');
    },
  });

  routes.post('/auth/logout', {
    schema: {
      tags: ['auth'],
      summary: 'End this session',
      response: { 200: empty },
    },
    // The way out of an operator's read-only session as the member (decision 0026).
    config: { readOnlySession: 'allow' },
    handler: async (request) => {
      const { sessionId } = currentMember(request);
      await revokeSession(db, sessionId, clock.now());
      app.sessionEnds.ended({ sessionId });
      return ok(null, 'Signed out');
    },
  });
}

/** The schema has required each purpose's parameters; this only narrows their types. */
function otpRequestOf(query: z.output<typeof sendOtpRequestQuery>): OtpRequest {
  const { purpose, wallet, amount, address } = query;
  if (purpose === 'verify-email') return { purpose };
  if (purpose === 'payout-address' && address) return { purpose, address };
  if (purpose === 'withdrawal' && wallet && amount !== undefined)
    return { purpose, wallet, amount: toMicros(amount) };
  throw new Error(`send-otp ${purpose} passed validation without its parameters`);
}
