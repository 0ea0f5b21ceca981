import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import {
  microsToDollars,
  NOTIFICATION_LINKS,
  type OperatorWithdrawalView,
  type Page,
  type PageQuery,
  type WithdrawalStatus,
  type WithdrawalView,
  type WithdrawalWallet,
} from '@app/contracts';
import type { NotificationTopic } from '../../core/notifications.ts';
import type { Executor } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { withdrawals } from '../../db/schema/money-flows.ts';

// Withdrawals as members and operators read them (the withdrawal record). Amounts leave as
// dollars; fee + netAmount = amount exactly, as stored.

type WithdrawalRow = typeof withdrawals.$inferSelect;

export function toWithdrawalView(row: WithdrawalRow): WithdrawalView {
  return {
    id: row.id,
    wallet: row.wallet,
    amount: microsToDollars(row.amount),
    fee: microsToDollars(row.fee),
    netAmount: microsToDollars(row.netAmount),
    address: row.address,
    status: row.status,
    txHash: row.txHash,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

const pageOffset = (page: PageQuery) => (page.page - 1) * page.pageSize;

type MemberFilter = PageQuery & {
  wallet?: WithdrawalWallet | undefined;
  status?: WithdrawalStatus | undefined;
};

/** GET safe/withdrwal-hist: the member's own withdrawals, newest first. */
export async function listMemberWithdrawals(
  db: Executor,
  memberId: string,
  query: MemberFilter,
): Promise<Page<WithdrawalView>> {
  const filters: SQL[] = [eq(withdrawals.memberId, memberId)];
  if (query.wallet) filters.push(eq(withdrawals.wallet, query.wallet));
  if (query.status) filters.push(eq(withdrawals.status, query.status));
  const where = and(...filters);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(withdrawals).where(where),
  ]);
  return {
    data: rows.map(toWithdrawalView),
    page: query.page,
    pageSize: query.pageSize,
    total: totals?.total ?? 0,
  };
}

type OperatorFilter = PageQuery & {
  status?: WithdrawalStatus | undefined;
  memberCode?: string | undefined;
};

const operatorColumns = {
  row: withdrawals,
  member: { id: members.id, name: members.name, referralCode: members.referralCode },
};

/** GET operator/withdrawals: oldest first (the order to pay them in), with who asked. */
export async function listWithdrawalsForOperator(
  db: Executor,
  query: OperatorFilter,
): Promise<Page<OperatorWithdrawalView>> {
  const where = and(
    query.status ? eq(withdrawals.status, query.status) : undefined,
    query.memberCode ? eq(members.referralCode, query.memberCode) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select(operatorColumns)
      .from(withdrawals)
      .innerJoin(members, eq(members.id, withdrawals.memberId))
      .where(where)
      .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db
      .select({ total: count() })
      .from(withdrawals)
      .innerJoin(members, eq(members.id, withdrawals.memberId))
      .where(where),
  ]);
  return {
    data: rows.map(({ row, member }) => ({ ...toWithdrawalView(row), member })),
    page: query.page,
    pageSize: query.pageSize,
    total: totals?.total ?? 0,
  };
}

/** One withdrawal as the operator queue shows it, or null. */
export async function findWithdrawalForOperator(
  db: Executor,
  id: string,
): Promise<OperatorWithdrawalView | null> {
  const [found] = await db
    .select(operatorColumns)
    .from(withdrawals)
    .innerJoin(members, eq(members.id, withdrawals.memberId))
    .where(eq(withdrawals.id, id));
  return found ? { ...toWithdrawalView(found.row), member: found.member } : null;
}

/** Every withdrawal notification: money, leading to the withdrawal history. */
export const WITHDRAWAL_TOPIC: NotificationTopic = {
  kind: 'money',
  link: NOTIFICATION_LINKS.withdrawalHistory,
};
