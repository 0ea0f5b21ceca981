import { sql } from 'drizzle-orm';
import { readPlanDocument, type PlanDocument, type PlanVersionView } from '@app/contracts';
import { queryRows, type Db, type Executor } from '../../db/client.ts';
import { withTransaction } from '../../ledger/index.ts';
import { recordAudit } from '../../core/audit.ts';
import { forgetCachedPlan } from '../../core/plan.ts';

// Publishing a plan appends a version; versions are never edited, so every income keeps naming
// the terms it was paid under. The new version applies from the next event on this instance at
// once and on the others within the plan cache's few seconds (core/plan.ts).

type VersionRow = {
  version: number;
  settings: unknown;
  created_at: Date | string;
  published_by: string | null;
};

/** A stored version as operators read it: versions older than a key read it from the defaults. */
function toView(row: VersionRow): PlanVersionView {
  const document = readPlanDocument(row.settings);
  if (!document.success) throw new Error(`plan version ${row.version} is invalid`);
  return {
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    publishedBy: row.published_by,
    document: document.data,
  };
}

const columns = sql`select v.version, v.settings, v.created_at, o.email as published_by
  from plan_versions v left join operators o on o.id = v.published_by`;

/** The newest version. */
export async function readPlanVersion(db: Executor): Promise<PlanVersionView> {
  const [row] = await queryRows<VersionRow>(db, sql`${columns} order by v.version desc limit 1`);
  if (!row) throw new Error('no plan version exists: the migrations seed version 1');
  return toView(row);
}

/** Every version, newest first. */
export async function listPlanVersions(db: Executor, page: number, pageSize: number) {
  const [rows, [count]] = await Promise.all([
    queryRows<VersionRow>(
      db,
      sql`${columns} order by v.version desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from plan_versions`),
  ]);
  return { data: rows.map(toView), page, pageSize, total: count?.total ?? 0 };
}

/** Appends `document` as the next version, audited in the same transaction. */
export async function publishPlan(
  db: Db,
  document: PlanDocument,
  actor: { operatorId: string; ip: string },
  now: Date,
): Promise<PlanVersionView> {
  const view = await withTransaction(db, async (tx) => {
    // Serialises publishers: two at once would otherwise both take max + 1 (the key refuses one).
    await tx.execute(sql`lock table plan_versions in share row exclusive mode`);
    const [row] = await queryRows<VersionRow>(
      tx,
      sql`insert into plan_versions (version, settings, created_at, published_by)
      select coalesce(max(version), 0) + 1, ${JSON.stringify(document)}::jsonb,
        ${now.toISOString()}::timestamptz, ${actor.operatorId}::uuid from plan_versions
      returning version, settings, created_at, published_by`,
    );
    if (!row) throw new Error('plan insert returned no row');
    await recordAudit(tx, {
      operatorId: actor.operatorId,
      action: 'plan.publish',
      targetType: 'plan',
      targetId: String(row.version),
      detail: { version: row.version, document },
      ip: actor.ip,
      now,
    });
    return row;
  });
  forgetCachedPlan(db);
  const [withEmail] = await queryRows<VersionRow>(
    db,
    sql`${columns} where v.version = ${view.version}`,
  );
  return toView(withEmail ?? view);
}
