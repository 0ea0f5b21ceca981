import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MIN_DEPOSIT_MICROS,
  createDepositBody,
  createDepositData,
  depositHistoryQuery,
  depositPageData,
  depositProvidersData,
  depositTxHashBody,
  depositView,
  formatAmount,
  microsToDollars,
  successEnvelope,
  toMicros,
} from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import { currentMember } from '../../plugins/member-auth.ts';
import { idParams, recordId } from '../../core/id-params.ts';
import {
  GATEWAY_UNAVAILABLE,
  attachTxHash,
  createDeposit,
  enabledProviders,
  manualInstructions,
} from './create-deposit.ts';
import { listMemberDeposits } from './deposit-lists.ts';
import { GatewayUnavailableError, isValidIpnSignature } from './gateway-client.ts';
import { applyIpn, ipnPayload } from './ipn.ts';
import { promptDelivery } from '../../core/mail-outbox/prompt-delivery.ts';
import { requestMailSite } from '../../core/mail-outbox/member-event-mail.ts';

const tags = ['deposits'];

/** The member's deposits (secure/*). */
export async function depositRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;

  routes.get('/secure/providers', {
    schema: {
      tags,
      summary: 'Which deposit providers the form may offer, the minimum and the manual address',
      response: { 200: successEnvelope(depositProvidersData) },
    },
    handler: async () =>
      ok({
        providers: enabledProviders(config),
        minimumAmount: microsToDollars(MIN_DEPOSIT_MICROS),
        manual: config.manualDeposit ? manualInstructions(config.manualDeposit) : null,
      }),
  });

  routes.post('/secure/create', {
    schema: {
      tags,
      summary:
        'Open a deposit: manual (send USDT, give the hash) or gateway (payment_url); accepts an Idempotency-Key',
      body: createDepositBody,
      response: { 200: successEnvelope(createDepositData) },
    },
    preHandler: idempotent,
    handler: async (request) => {
      const amount = toMicros(request.body.amount);
      const input = { ...request.body, amount, memberId: currentMember(request).memberId };
      const created = await createDeposit(db, config, input, clock.now()).catch(
        (error: unknown) => {
          if (!(error instanceof GatewayUnavailableError)) throw error;
          request.log.warn({ detail: error.detail }, 'payment gateway unavailable');
          throw new AppError('UNAVAILABLE', GATEWAY_UNAVAILABLE);
        },
      );
      return ok(created, `Deposit of ${formatAmount(amount)} created`);
    },
  });

  routes.post('/secure/:id/tx-hash', {
    schema: {
      tags,
      summary: "Give or correct the chain transaction hash of one's pending manual deposit",
      params: idParams,
      body: depositTxHashBody,
      response: { 200: successEnvelope(depositView) },
    },
    handler: async (request) => {
      const id = recordId(request.params.id, 'No such deposit');
      const memberId = currentMember(request).memberId;
      return ok(await attachTxHash(db, memberId, id, request.body.txHash, clock.now()));
    },
  });

  routes.get('/secure/hist', {
    schema: {
      tags,
      summary: "The member's deposits, newest first",
      querystring: depositHistoryQuery,
      response: { 200: successEnvelope(depositPageData) },
    },
    handler: async (request) =>
      ok(await listMemberDeposits(db, currentMember(request).memberId, request.query)),
  });
}

/** The gateway's payment callback: no session, its signature is the proof (a public route). */
export async function paymentCallbackRoutes(app: FastifyInstance): Promise<void> {
  const deliver = promptDelivery(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;

  routes.post('/payments/nowpayments/ipn', {
    schema: {
      tags,
      summary: 'NOWPayments IPN callback, signed with x-nowpayments-sig (no member session)',
      response: { 200: successEnvelope(z.object({ outcome: z.string() })) },
    },
    handler: async (request) => {
      const gateway = config.paymentGateway;
      if (!gateway) throw new AppError('NOT_FOUND', 'No payment gateway is configured');
      // The signature covers the body as sent, so it is checked before any parsing reshapes it.
      const signature = request.headers['x-nowpayments-sig'];
      if (!isValidIpnSignature(request.body, signature, gateway.ipnSecret)) {
        request.log.warn('IPN with a missing or wrong signature refused');
        throw new AppError('FORBIDDEN', 'Invalid signature');
      }
      const payload = ipnPayload.safeParse(request.body);
      if (!payload.success) throw new AppError('BAD_REQUEST', 'Malformed payment callback');
      const site = requestMailSite(config.publicUrl);
      const outcome = await applyIpn(db, payload.data, clock.now(), request.log, site);
      deliver(site.written, request.log);
      if (outcome === 'unknown-order')
        request.log.warn({ order: payload.data.order_id }, 'IPN for an unknown order');
      return ok({ outcome }, 'Received');
    },
  });
}
