import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditEntryView, auditLogFilter, auditLogQuery, OperatorRole } from '@app/contracts';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { auditLog, operators } from '../db/schema/operators.ts';
import { members } from '../db/schema/members.ts';
import { deposits, withdrawals } from '../db/schema/money-flows.ts';
import { moneyAdjustments } from '../db/schema/console.ts';
import { tickets } from '../db/schema/support.ts';
import { utcDayRange } from '../lib/clock.ts';

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

type AuditFilter = z.output<typeof auditLogFilter>;
type ListQuery = z.output<typeof auditLogQuery>;

function whereOf(filter: AuditFilter): SQL | undefined {
  const { from, before } = utcDayRange(filter);
  return and(
    filter.action ? sql`starts_with(${auditLog.action}, ${filter.action})` : undefined,
    filter.operatorId ? eq(auditLog.operatorId, filter.operatorId) : undefined,
    filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
    from ? gte(auditLog.createdAt, from) : undefined,
    before ? lt(auditLog.createdAt, before) : undefined,
  );
}

const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const targetMember = alias(members, 'audit_target_member');
const targetOperator = alias(operators, 'audit_target_operator');

/** The target id as a uuid when the target is of `type` (and its id is one), else null. */
const targetUuid = (type: string) =>
  sql`case when ${auditLog.targetType} = ${type} and ${auditLog.targetId} ~* ${UUID_PATTERN}
    then ${auditLog.targetId}::uuid end`;

/**
 * Rows matching the filter, newest first, with the names of who acted and what it was about,
 * all in this one query: the acting operator's email, the member (the target, or the member of
 * the target deposit, withdrawal, adjustment or ticket) and a target operator's email.
 */
async function readAudit(
  db: Executor,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<AuditEntryView[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      operatorId: auditLog.operatorId,
      operatorEmail: operators.email,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      memberId: targetMember.id,
      memberName: targetMember.name,
      memberCode: targetMember.referralCode,
      targetOperatorEmail: targetOperator.email,
      detail: auditLog.detail,
      ip: auditLog.ip,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(operators, eq(operators.id, auditLog.operatorId))
    .leftJoin(deposits, eq(deposits.id, targetUuid('deposit')))
    .leftJoin(withdrawals, eq(withdrawals.id, targetUuid('withdrawal')))
    .leftJoin(moneyAdjustments, eq(moneyAdjustments.id, targetUuid('adjustment')))
    .leftJoin(tickets, eq(tickets.id, targetUuid('ticket')))
    .leftJoin(
      targetMember,
      eq(
        targetMember.id,
        sql`coalesce(${targetUuid('member')}, ${deposits.memberId}, ${withdrawals.memberId},
          ${moneyAdjustments.memberId}, ${tickets.memberId})`,
      ),
    )
    .leftJoin(targetOperator, eq(targetOperator.id, targetUuid('operator')))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ memberId, memberName, memberCode, ...row }) => ({
    ...row,
    id: row.id.toString(),
    targetMember:
      memberId && memberName !== null && memberCode !== null
        ? { id: memberId, name: memberName, registeredId: memberCode }
        : null,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function countAudit(db: Executor, filter: AuditFilter): Promise<number> {
  const [totals] = await db.select({ total: count() }).from(auditLog).where(whereOf(filter));
  return totals?.total ?? 0;
}

/**
 * One page of the audit log, newest first, filtered by action prefix, operator, target and
 * UTC days.
 */
export async function listAudit(
  db: Executor,
  query: ListQuery,
): Promise<{ data: AuditEntryView[]; page: number; pageSize: number; total: number }> {
  const [data, total] = await Promise.all([
    readAudit(db, whereOf(query), query.pageSize, (query.page - 1) * query.pageSize),
    countAudit(db, query),
  ]);
  return { data, page: query.page, pageSize: query.pageSize, total };
}

/** The first `limit` rows matching the filter, newest first, for the CSV export. */
export const readAuditRows = (db: Executor, filter: AuditFilter, limit: number) =>
  readAudit(db, whereOf(filter), limit, 0);
