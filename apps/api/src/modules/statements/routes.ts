import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STATEMENT_CSV_MAX_ROWS,
  statementFilter,
  statementPageData,
  statementQuery,
  successEnvelope,
  walletsData,
  walletSummaryData,
  userEarnerData,
  userEarnerQuery,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { currentMember } from '../../plugins/member-auth.ts';
import { statementCsv } from './csv.ts';
import { userEarnings } from './user-earner.ts';
import {
  countStatementRows,
  listStatement,
  readStatementRows,
  walletsView,
} from '../../core/member-statement.ts';
import { walletSummary } from './statement.ts';

/** The member's wallets, lifetime totals and ledger statement; reads only. */
export async function statementRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;

  routes.get('/auth/wallet', {
    schema: {
      tags: ['wallet'],
      summary:
        'The three wallets (fund, profit, compounding): available, held and total, in dollars',
      response: { 200: successEnvelope(walletsData) },
    },
    handler: async (request) => {
      // The session lookup already read the balances in the same round trip.
      return ok(walletsView(currentMember(request).balances));
    },
  });

  routes.get('/auth/wallet-summary', {
    schema: {
      tags: ['wallet'],
      summary: 'Lifetime totals in dollars: deposited, invested, withdrawn and income by kind',
      response: { 200: successEnvelope(walletSummaryData) },
    },
    handler: async (request) =>
      ok(await walletSummary(db, currentMember(request).memberId, app.ctx.clock.now())),
  });

  routes.get('/auth/transaction-hist', {
    schema: {
      tags: ['wallet'],
      summary:
        "The member's ledger statement, newest first: one line per posting with the wallet's balance after it",
      querystring: statementQuery,
      response: { 200: successEnvelope(statementPageData) },
    },
    handler: async (request) =>
      ok(await listStatement(db, currentMember(request).memberId, request.query)),
  });

  routes.get('/auth/transaction-hist.csv', {
    schema: {
      tags: ['wallet'],
      summary: `The statement as CSV (same filters, newest first, at most ${STATEMENT_CSV_MAX_ROWS} lines); exact decimal amounts`,
      querystring: statementFilter,
      produces: ['text/csv'],
    },
    handler: async (request, reply) => {
      const memberId = currentMember(request).memberId;
      const [rows, total] = await Promise.all([
        readStatementRows(db, memberId, request.query, STATEMENT_CSV_MAX_ROWS),
        countStatementRows(db, memberId, request.query),
      ]);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="transactions.csv"')
        .header('cache-control', 'no-store')
        .header('x-total-count', String(total))
        .send(statementCsv(rows));
    },
  });

  routes.get('/auth/user-earner', {
    schema: {
      tags: ['wallet'],
      summary:
        "The member's income per business day and kind (trade, compounding, ...) over from..to (default the last 30 days), for charts",
      querystring: userEarnerQuery,
      response: { 200: successEnvelope(userEarnerData) },
    },
    handler: async (request) =>
      ok(
        await userEarnings(db, currentMember(request).memberId, request.query, app.ctx.clock.now()),
      ),
  });
}
