import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { microsToDollars, successEnvelope, walletBalanceData } from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { currentMember } from '../../plugins/member-auth.ts';

export async function walletRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/auth/wallet-balance', {
    schema: {
      tags: ['wallet'],
      summary: 'Spendable fund (primary) and profit balances in dollars; held amounts excluded',
      response: { 200: successEnvelope(walletBalanceData) },
    },
    handler: async (request) => {
      // The session lookup already read the balances in the same round trip.
      const { balances } = currentMember(request);
      return ok({
        primary_wallet: microsToDollars(balances.fund.available),
        profit_wallet: microsToDollars(balances.profit.available),
      });
    },
  });
}
