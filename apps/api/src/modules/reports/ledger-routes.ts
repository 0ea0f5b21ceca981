import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  LEDGER_CSV_MAX_ROWS,
  ledgerPostingPage,
  ledgerPostingQuery,
  ledgerTransferDetail,
  ledgerTransferFilter,
  ledgerTransferPage,
  ledgerTransferQuery,
  microsToDollars,
  successEnvelope,
} from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { idParams } from '../../core/id-params.ts';
import { utcDayRange } from '../../lib/clock.ts';
import { csvHeaders } from '../../lib/csv.ts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import {
  countAccountPostings,
  countTransfers,
  findAccount,
  listAccountPostings,
  listTransfers,
  readTransfer,
  type AccountRef,
  type ExploredPosting,
  type ExploredTransfer,
  type TransferFilter,
} from '../../ledger/index.ts';
import { transfersCsv } from './csv.ts';

const tags = ['operator'];
const TRANSFER_NOT_FOUND = 'Transfer not found';
const ACCOUNT_NOT_FOUND = 'Account not found';

const transferFilter = (query: z.output<typeof ledgerTransferFilter>): TransferFilter => ({
  memberCode: query.memberCode,
  kind: query.kind,
  reference: query.reference,
  ...utcDayRange(query),
});

const transferView = ({ metadata: _metadata, ...row }: ExploredTransfer) => ({
  ...row,
  id: row.id.toString(),
  createdAt: row.createdAt.toISOString(),
  amount: microsToDollars(row.amount),
});

const postingView = (row: ExploredPosting) => ({
  ...row,
  id: row.id.toString(),
  transferId: row.transferId.toString(),
  createdAt: row.createdAt.toISOString(),
  amount: microsToDollars(row.amount),
  balanceAfter: row.balanceAfter === null ? null : microsToDollars(row.balanceAfter),
});

/** `house:deposits` or `AB23CD45:fund` (already checked by the query's pattern). */
function accountRef(account: string): AccountRef {
  if (account.startsWith('house:')) return { house: account };
  const [memberCode = '', wallet = ''] = account.split(':');
  return { memberCode, wallet };
}

async function transferPage(db: Executor, query: z.output<typeof ledgerTransferQuery>) {
  const filter = transferFilter(query);
  const [rows, total] = await Promise.all([
    listTransfers(db, filter, query.pageSize, (query.page - 1) * query.pageSize),
    countTransfers(db, filter),
  ]);
  return { data: rows.map(transferView), page: query.page, pageSize: query.pageSize, total };
}

/** The ledger explorer for the money roles: transfers, one transfer's postings, one account's. */
export async function operatorLedgerRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;

  routes.get('/ledger/transfers', {
    schema: {
      tags,
      summary:
        'Ledger transfers, newest first, by member (Registered ID), kind, reference prefix and UTC days',
      querystring: ledgerTransferQuery,
      response: { 200: successEnvelope(ledgerTransferPage) },
    },
    config: { operatorPermission: 'money.read' },
    handler: async (request) => ok(await transferPage(db, request.query)),
  });

  routes.get('/ledger/transfers.csv', {
    schema: {
      tags,
      summary: `The transfers as CSV (same filters, newest first, at most ${LEDGER_CSV_MAX_ROWS} lines); exact decimal amounts`,
      querystring: ledgerTransferFilter,
      produces: ['text/csv'],
    },
    config: { operatorPermission: 'money.read' },
    handler: async (request, reply) => {
      const filter = transferFilter(request.query);
      const [rows, total] = await Promise.all([
        listTransfers(db, filter, LEDGER_CSV_MAX_ROWS),
        countTransfers(db, filter),
      ]);
      return reply.headers(csvHeaders('ledger-transfers.csv', total)).send(transfersCsv(rows));
    },
  });

  routes.get('/ledger/transfers/:id', {
    schema: {
      tags,
      summary:
        "One transfer with its postings: each account (member wallet or house account), amount and the member account's balance after",
      params: idParams,
      response: { 200: successEnvelope(ledgerTransferDetail) },
    },
    config: { operatorPermission: 'money.read' },
    handler: async (request) => {
      // Any text that is not a transfer number names no transfer: the same 404 as an unknown one.
      if (!/^[1-9]\d{0,17}$/.test(request.params.id)) {
        throw new AppError('NOT_FOUND', TRANSFER_NOT_FOUND);
      }
      const transfer = await readTransfer(db, BigInt(request.params.id));
      if (!transfer) throw new AppError('NOT_FOUND', TRANSFER_NOT_FOUND);
      return ok({
        ...transferView(transfer),
        metadata: transfer.metadata,
        postings: transfer.postings.map(postingView),
      });
    },
  });

  routes.get('/ledger/postings', {
    schema: {
      tags,
      summary:
        "One account's postings, newest first: a house account (house:deposits) or a member's wallet (AB23CD45:fund), by UTC days",
      querystring: ledgerPostingQuery,
      response: { 200: successEnvelope(ledgerPostingPage) },
    },
    config: { operatorPermission: 'money.read' },
    handler: async (request) => {
      const query = request.query;
      const accountId = await findAccount(db, accountRef(query.account ?? ''));
      if (accountId === null) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
      const range = utcDayRange(query);
      const [rows, total] = await Promise.all([
        listAccountPostings(
          db,
          accountId,
          range,
          query.pageSize,
          (query.page - 1) * query.pageSize,
        ),
        countAccountPostings(db, accountId, range),
      ]);
      return ok({ data: rows.map(postingView), page: query.page, pageSize: query.pageSize, total });
    },
  });
}
