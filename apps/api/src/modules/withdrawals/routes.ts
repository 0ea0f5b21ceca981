import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  formatAmount,
  payoutAddressData,
  successEnvelope,
  toMicros,
  updateAddressBody,
  withdrawalBody,
  withdrawalHistQuery,
  withdrawalPageData,
  withdrawalView,
  withdrawalHoldData,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import { currentMember } from '../../plugins/member-auth.ts';
import { freshSecondFactor } from '../../plugins/step-up.ts';
import { idParams, recordId } from '../../core/id-params.ts';
import { withdrawalHoldOf } from '../../core/withdrawal-hold.ts';
import { promptDelivery } from '../../core/mail-outbox/prompt-delivery.ts';
import { changePayoutAddress, getPayoutAddress } from './payout-address.ts';
import { requestWithdrawal } from './request-withdrawal.ts';
import { cancelWithdrawal } from './settle-withdrawal.ts';
import { listMemberWithdrawals } from './views.ts';

const tags = ['withdrawals'];

/** The member's payout address and withdrawals; paths as the client contract spells them. */
export async function withdrawalRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;
  const deliver = promptDelivery(app);

  routes.get('/auth/withdrawal-hold', {
    schema: {
      tags,
      summary:
        'Until when withdrawals are paused after a security change (null: they may be requested now)',
      response: { 200: successEnvelope(withdrawalHoldData) },
    },
    handler: async (request) => {
      const until = await withdrawalHoldOf(db, currentMember(request).memberId, clock.now());
      return ok({ heldUntil: until?.toISOString() ?? null });
    },
  });

  routes.get('/auth/address', {
    schema: {
      tags,
      summary: 'The saved USDT payout address (null until one is saved) and its network',
      response: { 200: successEnvelope(payoutAddressData) },
    },
    handler: async (request) => ok(await getPayoutAddress(db, currentMember(request).memberId)),
  });

  routes.put('/auth/update-address', {
    schema: {
      tags,
      summary: 'Save the USDT payout address with the code mailed for exactly that address',
      body: updateAddressBody,
      response: { 200: successEnvelope(payoutAddressData) },
    },
    preHandler: freshSecondFactor,
    handler: async (request) => {
      const { memberId } = currentMember(request);
      const change = await changePayoutAddress(
        db,
        { memberId, address: request.body.address, otp: request.body.otp },
        clock.now(),
      );
      request.log.info(
        { memberId, previous: change.previous, address: change.address },
        'payout address changed',
      );
      deliver([change.mailId], request.log);
      return ok(
        { address: change.address, network: change.network },
        `Payout address saved: ${change.address}`,
      );
    },
  });

  routes.post('/safe/withdrawal', {
    schema: {
      tags,
      summary:
        'Request a withdrawal from the profit or compounding wallet to the saved address; accepts an Idempotency-Key',
      body: withdrawalBody,
      response: { 200: successEnvelope(withdrawalView) },
    },
    preHandler: [freshSecondFactor, idempotent],
    handler: async (request) => {
      const amount = toMicros(request.body.amount);
      const requested = await requestWithdrawal(
        db,
        {
          memberId: currentMember(request).memberId,
          wallet: request.body.wallet,
          amount,
          otp: request.body.otp,
        },
        clock.now(),
      );
      return ok(requested, `Withdrawal of ${formatAmount(amount)} requested`);
    },
  });

  // The client contract's spelling, and the correct one for everyone else.
  for (const url of ['/safe/withdrwal-hist', '/safe/withdrawal-hist']) {
    routes.get(url, {
      schema: {
        tags,
        summary: "The member's withdrawals, newest first (filters: wallet, status)",
        querystring: withdrawalHistQuery,
        response: { 200: successEnvelope(withdrawalPageData) },
      },
      handler: async (request) =>
        ok(await listMemberWithdrawals(db, currentMember(request).memberId, request.query)),
    });
  }

  routes.post('/safe/withdrawal/:id/cancel', {
    schema: {
      tags,
      summary: "Cancel one's own pending withdrawal (the amount is available again)",
      params: idParams,
      response: { 200: successEnvelope(withdrawalView) },
    },
    preHandler: idempotent,
    handler: async (request) => {
      const id = recordId(request.params.id, 'No such withdrawal');
      const cancelled = await cancelWithdrawal(
        db,
        { id, memberId: currentMember(request).memberId },
        clock.now(),
      );
      return ok(cancelled, 'Withdrawal cancelled');
    },
  });
}
