import { alias } from 'drizzle-orm/pg-core';
import { count, desc, eq } from 'drizzle-orm';
import {
  microsToDollars,
  type AdjustmentStatus,
  type AdjustmentView,
  type Page,
  type PageQuery,
} from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { moneyAdjustments } from '../../db/schema/console.ts';
import { members } from '../../db/schema/members.ts';
import { operators } from '../../db/schema/operators.ts';

// Money adjustments as operators read them: the signed amount is shown as a positive amount
// with a direction, next to who proposed and who decided (by email, as the audit log shows).

export type AdjustmentRow = typeof moneyAdjustments.$inferSelect;

const proposer = alias(operators, 'proposer');
const decider = alias(operators, 'decider');

const columns = {
  row: moneyAdjustments,
  member: { id: members.id, registeredId: members.referralCode, name: members.name },
  proposerEmail: proposer.email,
  deciderEmail: decider.email,
};

type Joined = {
  row: AdjustmentRow;
  member: AdjustmentView['member'];
  proposerEmail: string;
  deciderEmail: string | null;
};

function toView({ row, member, proposerEmail, deciderEmail }: Joined): AdjustmentView {
  return {
    id: row.id,
    member,
    wallet: row.wallet,
    direction: row.amount < 0n ? 'debit' : 'credit',
    amount: microsToDollars(row.amount < 0n ? -row.amount : row.amount),
    reason: row.reason,
    reference: row.reference,
    status: row.status,
    proposedBy: { id: row.proposedBy, email: proposerEmail },
    proposedAt: row.proposedAt.toISOString(),
    decidedBy: row.decidedBy && deciderEmail ? { id: row.decidedBy, email: deciderEmail } : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
  };
}

const joined = (db: Executor) =>
  db
    .select(columns)
    .from(moneyAdjustments)
    .innerJoin(members, eq(members.id, moneyAdjustments.memberId))
    .innerJoin(proposer, eq(proposer.id, moneyAdjustments.proposedBy))
    .leftJoin(decider, eq(decider.id, moneyAdjustments.decidedBy));

/** GET operator/adjustments: newest first, optionally one status. */
export async function listAdjustments(
  db: Executor,
  query: PageQuery & { status?: AdjustmentStatus | undefined },
): Promise<Page<AdjustmentView>> {
  const where = query.status ? eq(moneyAdjustments.status, query.status) : undefined;
  const [rows, [totals]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(desc(moneyAdjustments.proposedAt), desc(moneyAdjustments.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(moneyAdjustments).where(where),
  ]);
  return {
    data: rows.map(toView),
    page: query.page,
    pageSize: query.pageSize,
    total: totals?.total ?? 0,
  };
}

/** One adjustment as the list shows it (the answer of each action). */
export async function findAdjustment(db: Executor, id: string): Promise<AdjustmentView | null> {
  const [row] = await joined(db).where(eq(moneyAdjustments.id, id));
  return row ? toView(row) : null;
}
