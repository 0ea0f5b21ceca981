import { and, asc, count, desc, eq } from 'drizzle-orm';
import {
  microsToDollars,
  type DepositPage,
  type DepositView,
  type DepositStatus,
  type OperatorDepositView,
  type PageQuery,
} from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { deposits } from '../../db/schema/money-flows.ts';

// Reads only: a member's deposit history and the operators' queue.

export type DepositRow = typeof deposits.$inferSelect;
type ListQuery = PageQuery & { status?: DepositStatus | undefined };
type OperatorQuery = ListQuery & { memberCode?: string | undefined };

export function toDepositView(row: DepositRow): DepositView {
  return {
    id: row.id,
    provider: row.provider,
    amount: microsToDollars(row.amount),
    status: row.status,
    txHash: row.txHash,
    paymentUrl: row.paymentUrl,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The member's own deposit, or null (someone else's id looks exactly like a missing one). */
export async function findMemberDeposit(
  db: Executor,
  memberId: string,
  id: string,
): Promise<DepositRow | null> {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, id), eq(deposits.memberId, memberId)));
  return row ?? null;
}

/** GET secure/hist: newest first. */
export async function listMemberDeposits(
  db: Executor,
  memberId: string,
  query: ListQuery,
): Promise<DepositPage> {
  const where = and(
    eq(deposits.memberId, memberId),
    query.status ? eq(deposits.status, query.status) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(deposits)
      .where(where)
      .orderBy(desc(deposits.createdAt), desc(deposits.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(deposits).where(where),
  ]);
  return { ...pageOf(query, totals?.total), data: rows.map(toDepositView) };
}

const operatorColumns = {
  deposit: deposits,
  memberName: members.name,
  memberReferralCode: members.referralCode,
};

type OperatorRow = { deposit: DepositRow; memberName: string; memberReferralCode: string };

function toOperatorView(row: OperatorRow): OperatorDepositView {
  return {
    ...toDepositView(row.deposit),
    memberId: row.deposit.memberId,
    memberName: row.memberName,
    memberReferralCode: row.memberReferralCode,
    gatewayStatus: row.deposit.gatewayStatus,
    decidedAt: row.deposit.decidedAt?.toISOString() ?? null,
  };
}

/** GET operator/deposits: oldest first, so the queue is worked in the order it arrived. */
export async function listOperatorDeposits(
  db: Executor,
  query: OperatorQuery,
): Promise<{ data: OperatorDepositView[]; page: number; pageSize: number; total: number }> {
  const where = and(
    query.status ? eq(deposits.status, query.status) : undefined,
    query.memberCode ? eq(members.referralCode, query.memberCode) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select(operatorColumns)
      .from(deposits)
      .innerJoin(members, eq(members.id, deposits.memberId))
      .where(where)
      .orderBy(asc(deposits.createdAt), asc(deposits.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(deposits)
      .innerJoin(members, eq(members.id, deposits.memberId))
      .where(where),
  ]);
  return { ...pageOf(query, totals?.total), data: rows.map(toOperatorView) };
}

/** One deposit as the operator queue shows it (after a confirm or reject). */
export async function findOperatorDeposit(
  db: Executor,
  id: string,
): Promise<OperatorDepositView | null> {
  const [row] = await db
    .select(operatorColumns)
    .from(deposits)
    .innerJoin(members, eq(members.id, deposits.memberId))
    .where(eq(deposits.id, id));
  return row ? toOperatorView(row) : null;
}

const pageOf = (query: PageQuery, total: number | undefined) => ({
  page: query.page,
  pageSize: query.pageSize,
  total: total ?? 0,
});
