import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  buyPackageBody,
  claimProfitData,
  claimStatusData,
  formatAmount,
  packagePageData,
  pageQuery,
  purchasedPackagePageData,
  purchasedPackageView,
  successEnvelope,
  toMicros,
  tradeIncomePageData,
  tradeIncomeQuery,
} from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import { currentMember } from '../../plugins/member-auth.ts';
import { idParams, recordId } from '../../core/id-params.ts';
import { buyPackage } from './buy-package.ts';
import { listCatalogue } from './catalogue.ts';
import { claimProfit } from './claim-profit.ts';
import { getClaimStatus } from './claim-status.ts';
import { findMemberPackage, listMemberPackages } from '../../core/member-packages.ts';
import { listTradeIncome } from './trade-income.ts';
import { promptDelivery } from '../../core/mail-outbox/prompt-delivery.ts';
import { requestMailSite } from '../../core/mail-outbox/member-event-mail.ts';

const NO_SUCH_PACKAGE = 'No such package';

/** Packages, daily profit and trade income; paths exactly as the client contract spells them. */
export async function packageRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const deliver = promptDelivery(app);
  const db = database.db;

  routes.get('/package', {
    schema: {
      tags: ['packages'],
      summary: 'The packages on sale (retired ones are not listed)',
      querystring: pageQuery,
      response: { 200: successEnvelope(packagePageData) },
    },
    handler: async (request) => ok(await listCatalogue(db, request.query)),
  });

  routes.post('/package/buy-package', {
    schema: {
      tags: ['packages'],
      summary: 'Buy a package from the fund wallet; accepts an Idempotency-Key',
      body: buyPackageBody,
      response: { 200: successEnvelope(purchasedPackageView) },
    },
    preHandler: idempotent,
    handler: async (request) => {
      const key = request.headers['idempotency-key'];
      const amount = toMicros(request.body.amount);
      const site = requestMailSite(config.publicUrl);
      const bought = await buyPackage(
        db,
        {
          memberId: currentMember(request).memberId,
          packageId: request.body.packageId,
          amount,
          idempotencyKey: typeof key === 'string' ? key : undefined,
          site,
        },
        clock.now(),
      );
      deliver(site.written, request.log);
      return ok(bought, `Package ${bought.name} bought for ${formatAmount(amount)}`);
    },
  });

  routes.get('/package/my-packages', {
    schema: {
      tags: ['packages'],
      summary: "The member's purchased packages, newest first",
      querystring: pageQuery,
      response: { 200: successEnvelope(purchasedPackagePageData) },
    },
    handler: async (request) =>
      ok(await listMemberPackages(db, currentMember(request).memberId, clock.now(), request.query)),
  });

  routes.get('/package/my-packages/:id', {
    schema: {
      tags: ['packages'],
      summary: "One of the member's purchased packages; anyone else's id answers 404",
      params: idParams,
      response: { 200: successEnvelope(purchasedPackageView) },
    },
    handler: async (request) => {
      const id = recordId(request.params.id, NO_SUCH_PACKAGE);
      const found = await findMemberPackage(db, currentMember(request).memberId, id, clock.now());
      if (!found) throw new AppError('NOT_FOUND', NO_SUCH_PACKAGE);
      return ok(found);
    },
  });

  routes.get('/package/todays-claim-status', {
    schema: {
      tags: ['packages'],
      summary: 'What a claim would pay now, and when the next accrual comes',
      response: { 200: successEnvelope(claimStatusData) },
    },
    handler: async (request) =>
      ok(await getClaimStatus(db, currentMember(request).memberId, clock.now())),
  });

  routes.post('/package/claim-profit', {
    schema: {
      tags: ['packages'],
      summary: 'Claim all accrued daily profit into the profit wallet; accepts an Idempotency-Key',
      response: { 200: successEnvelope(claimProfitData) },
    },
    preHandler: idempotent,
    handler: async (request) => {
      const { claim, message } = await claimProfit(
        db,
        currentMember(request).memberId,
        clock.now(),
      );
      return ok(claim, message);
    },
  });

  routes.get('/trading/fetch-user-trade', {
    schema: {
      tags: ['packages'],
      summary: 'Trade income: each claimed (package, day), newest first',
      querystring: tradeIncomeQuery,
      response: { 200: successEnvelope(tradeIncomePageData) },
    },
    handler: async (request) =>
      ok(await listTradeIncome(db, currentMember(request).memberId, request.query)),
  });
}
