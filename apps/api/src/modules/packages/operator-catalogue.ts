import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  catalogueLabels,
  createPackageBody,
  operatorPackagePageData,
  operatorPackageView,
  pageQuery,
  percentageToRate,
  successEnvelope,
  toMicros,
  updatePackageBody,
  type OperatorPackageView,
  type PageQuery,
} from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { packages } from '../../db/schema/packages.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { withTransaction } from '../../ledger/index.ts';
import { currentOperator } from '../../plugins/operator-auth.ts';
import { idParams, recordId } from '../../core/id-params.ts';
import { recordAudit } from '../../core/audit.ts';
import { toPackageView, type CataloguePackage } from './catalogue.ts';

// Catalogue management by admins (decision 0005, "Managing the catalogue"). A purchase copies its
// package's terms (buy-package.ts), so an edit or a retirement changes only what is sold from
// then on: holders keep accruing and claiming on the terms they bought. Each change and its audit
// row commit in one transaction.

type CreateInput = z.output<typeof createPackageBody>;
type UpdateInput = z.output<typeof updatePackageBody>;
type Actor = { operatorId: string; ip: string };

const toOperatorView = (row: CataloguePackage, version: number): OperatorPackageView => ({
  ...toPackageView(row),
  sortOrder: row.sortOrder,
  createdAt: row.createdAt.toISOString(),
  version,
});

/**
 * The version of a package's terms: 1 as added, plus one per audited edit. Packages keep no
 * history of their own (a purchase copies the terms it bought), so the audit log is the record.
 */
const termsVersion = sql<number>`(1 + (select count(*) from audit_log a
  where a.target_type = 'package' and a.action = 'package.update'
  and a.target_id = "packages"."id"::text))::int`;

async function versionOf(tx: Tx, id: string): Promise<number> {
  const [row] = await tx
    .select({ version: termsVersion })
    .from(packages)
    .where(eq(packages.id, id));
  return row?.version ?? 1;
}

/** Every package, retired ones included, in the catalogue's order. */
export async function listAllPackages(db: Db, { page, pageSize }: PageQuery) {
  const [rows, [totals]] = await Promise.all([
    db
      .select({ row: packages, version: termsVersion })
      .from(packages)
      .orderBy(asc(packages.sortOrder), asc(packages.minAmount), asc(packages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(packages),
  ]);
  return {
    data: rows.map(({ row, version }) => toOperatorView(row, version)),
    page,
    pageSize,
    total: totals?.total ?? 0,
  };
}

export async function createPackage(
  db: Db,
  input: CreateInput,
  actor: Actor,
  now: Date,
): Promise<OperatorPackageView> {
  const terms = {
    name: input.name,
    minAmount: toMicros(input.minAmount),
    maxAmount: toMicros(input.maxAmount),
    dailyRate: percentageToRate(input.dailyPercentage),
    totalDays: input.totalDays,
    sortOrder: input.sortOrder,
  };
  checkRange(terms.minAmount, terms.maxAmount);
  return withTransaction(db, async (tx) => {
    await checkNameFree(tx, terms.name, null);
    const [row] = await tx
      .insert(packages)
      .values({ ...terms, active: true, createdAt: now })
      .returning();
    if (!row) throw new Error('package insert returned nothing');
    const view = toOperatorView(row, 1);
    await audit(tx, actor, 'package.create', row.id, { package: view }, now);
    return view;
  });
}

export async function updatePackage(
  db: Db,
  id: string,
  input: UpdateInput,
  actor: Actor,
  now: Date,
): Promise<OperatorPackageView> {
  const changes: Partial<CataloguePackage> = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.minAmount === undefined ? {} : { minAmount: toMicros(input.minAmount) }),
    ...(input.maxAmount === undefined ? {} : { maxAmount: toMicros(input.maxAmount) }),
    ...(input.dailyPercentage === undefined
      ? {}
      : { dailyRate: percentageToRate(input.dailyPercentage) }),
    ...(input.totalDays === undefined ? {} : { totalDays: input.totalDays }),
    ...(input.sortOrder === undefined ? {} : { sortOrder: input.sortOrder }),
  };
  if (Object.keys(changes).length === 0) throw new AppError('VALIDATION', 'Nothing to change');
  return withTransaction(db, async (tx) => {
    const current = await lockPackage(tx, id);
    const before = await versionOf(tx, id);
    checkRange(changes.minAmount ?? current.minAmount, changes.maxAmount ?? current.maxAmount);
    if (changes.name !== undefined) await checkNameFree(tx, changes.name, id);
    const [row] = await tx.update(packages).set(changes).where(eq(packages.id, id)).returning();
    if (!row) throw new Error(`package ${id} vanished while locked`);
    const view = toOperatorView(row, before + 1);
    await audit(
      tx,
      actor,
      'package.update',
      id,
      { before: toOperatorView(current, before), after: view },
      now,
    );
    return view;
  });
}

/** Takes the package off sale; its holders keep their purchases, accruals and claims. */
export async function retirePackage(
  db: Db,
  id: string,
  actor: Actor,
  now: Date,
): Promise<OperatorPackageView> {
  return withTransaction(db, async (tx) => {
    const current = await lockPackage(tx, id);
    if (!current.active)
      throw new AppError('CONFLICT', `Package ${current.name} is already retired`);
    const [row] = await tx
      .update(packages)
      .set({ active: false })
      .where(eq(packages.id, id))
      .returning();
    if (!row) throw new Error(`package ${id} vanished while locked`);
    await audit(tx, actor, 'package.retire', id, { name: row.name }, now);
    return toOperatorView(row, await versionOf(tx, id));
  });
}

async function lockPackage(tx: Tx, id: string): Promise<CataloguePackage> {
  const [row] = await tx.select().from(packages).where(eq(packages.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', 'No such package');
  return row;
}

function checkRange(min: bigint, max: bigint): void {
  if (max < min)
    throw fieldError(
      'maxAmount',
      `${catalogueLabels.maxAmount} must not be less than ${catalogueLabels.minAmount}`,
    );
}

/** Names are unique regardless of case, so two packages never look alike in the catalogue. */
async function checkNameFree(tx: Tx, name: string, exceptId: string | null): Promise<void> {
  const [taken] = await tx
    .select({ id: packages.id })
    .from(packages)
    .where(
      and(
        sql`lower(${packages.name}) = lower(${name})`,
        exceptId ? ne(packages.id, exceptId) : undefined,
      ),
    );
  if (taken) throw fieldError('name', `${catalogueLabels.name} is already used by another package`);
}

const audit = (
  tx: Tx,
  actor: Actor,
  action: string,
  id: string,
  detail: Record<string, unknown>,
  now: Date,
) =>
  recordAudit(tx, {
    operatorId: actor.operatorId,
    action,
    targetType: 'package',
    targetId: id,
    detail,
    ip: actor.ip,
    now,
  });

const tags = ['operator'];

/** The catalogue routes of the operator API, in the operator group. */
export async function operatorCatalogueRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;
  const actorOf = (request: Parameters<typeof currentOperator>[0]): Actor => ({
    operatorId: currentOperator(request).operatorId,
    ip: request.ip,
  });

  routes.get('/packages', {
    schema: {
      tags,
      summary: 'Every catalogue package, retired ones included',
      querystring: pageQuery,
      response: { 200: successEnvelope(operatorPackagePageData) },
    },
    config: { operatorPermission: 'plan.read' },
    handler: async (request) => ok(await listAllPackages(db, request.query)),
  });

  routes.post('/packages', {
    schema: {
      tags,
      summary: 'Add a package to the catalogue',
      body: createPackageBody,
      response: { 200: successEnvelope(operatorPackageView) },
    },
    config: { operatorPermission: 'packages.manage' },
    handler: async (request) => {
      const view = await createPackage(db, request.body, actorOf(request), clock.now());
      return ok(view, `Package ${view.name} added`);
    },
  });

  routes.patch('/packages/:id', {
    schema: {
      tags,
      summary:
        'Edit a package: name, range, daily percentage, days, order; applies to later purchases only',
      params: idParams,
      body: updatePackageBody,
      response: { 200: successEnvelope(operatorPackageView) },
    },
    config: { operatorPermission: 'packages.manage' },
    handler: async (request) => {
      const id = recordId(request.params.id, 'No such package');
      const view = await updatePackage(db, id, request.body, actorOf(request), clock.now());
      return ok(view, `Package ${view.name} updated`);
    },
  });

  routes.post('/packages/:id/retire', {
    schema: {
      tags,
      summary: 'Take a package off sale; holders keep accruing and claiming',
      params: idParams,
      response: { 200: successEnvelope(operatorPackageView) },
    },
    config: { operatorPermission: 'packages.manage' },
    handler: async (request) => {
      const id = recordId(request.params.id, 'No such package');
      const view = await retirePackage(db, id, actorOf(request), clock.now());
      return ok(view, `Package ${view.name} retired`);
    },
  });
}
