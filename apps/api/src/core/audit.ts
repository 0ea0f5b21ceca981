import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditEntryView, auditLogQuery, OperatorRole } from '@app/contracts';
import type { Executor } from '../db/client.ts';
import { auditLog, operators } from '../db/schema/operators.ts';

export type AuditRecord = {
  operatorId: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  detail?: Record<string, unknown> | null;
  ip?: string | null;
  now: Date;
};

/**
 * Appends one row to the audit log. Pass the transaction of the action it records, so the
 * action and its record commit together or not at all.
 */
export async function recordAudit(executor: Executor, record: AuditRecord): Promise<void> {
  await executor.insert(auditLog).values({
    operatorId: record.operatorId,
    action: record.action,
    targetType: record.targetType ?? null,
    targetId: record.targetId ?? null,
    detail: record.detail ?? null,
    ip: record.ip ?? null,
    createdAt: record.now,
  });
}

/** Who did an operator action, from their session: the audit row and the decision carry it. */
export type OperatorActor = { operatorId: string; role: OperatorRole; ip: string };

export type OperatorAction = {
  action: string;
  targetType: string;
  targetId: string;
  detail: Record<string, unknown>;
};

/**
 * The audit row of one operator action on one record, in the action's own transaction. The
 * actor's role goes into the detail: roles change, and the log must say what they were then.
 */
export function recordOperatorAction(
  executor: Executor,
  actor: OperatorActor,
  action: OperatorAction,
  now: Date,
): Promise<void> {
  return recordAudit(executor, {
    operatorId: actor.operatorId,
    action: action.action,
    targetType: action.targetType,
    targetId: action.targetId,
    detail: { ...action.detail, role: actor.role },
    ip: actor.ip,
    now,
  });
}

type ListQuery = z.output<typeof auditLogQuery>;

/** One page of the audit log, newest first, optionally only one action or one operator. */
export async function listAudit(
  db: Executor,
  query: ListQuery,
): Promise<{ data: AuditEntryView[]; page: number; pageSize: number; total: number }> {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.operatorId) filters.push(eq(auditLog.operatorId, query.operatorId));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        operatorId: auditLog.operatorId,
        operatorEmail: operators.email,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        detail: auditLog.detail,
        ip: auditLog.ip,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(operators, eq(operators.id, auditLog.operatorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    data: rows.map((row) => ({
      ...row,
      id: row.id.toString(),
      createdAt: row.createdAt.toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: totals?.total ?? 0,
  };
}
