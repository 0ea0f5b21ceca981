import { sql, type SQL } from 'drizzle-orm';
import {
  formatAmount,
  microsToDollars,
  rateToPercentage,
  type IncomeKind,
  type IncomePage,
  type IncomeQuery,
  type IncomeRecord,
} from '@app/contracts';
import { queryRows, type Executor } from '../db/client.ts';

// The income record as members see it, shared by the income lists and the rewards: the member's
// own records of the kinds asked for, newest first, each with what caused it, and the sums.

type IncomeRow = {
  id: string;
  kind: IncomeKind;
  status: IncomeRecord['status'];
  amount: string;
  paid_amount: string | null;
  reason: 'no-active-package' | 'level-locked' | 'income-cap' | 'account-closed' | null;
  reason_detail: { activeDirects?: number; required?: number } | null;
  created_at: Date | string;
  paid_at: Date | string | null;
  source_name: string | null;
  source_code: string | null;
  level: number | null;
  member_package_id: string | null;
  package_name: string | null;
  period: string | null;
  base_amount: string | null;
  rate: number | null;
  rank_name: string | null;
  plan_version: number;
};

/** Why a record was not paid, or paid only in part, in the member's words. */
export function notPaidReason(
  row: Pick<IncomeRow, 'reason' | 'reason_detail' | 'level' | 'amount' | 'paid_amount'>,
): string | null {
  switch (row.reason) {
    case null:
      return null;
    case 'no-active-package':
      return 'no active package';
    case 'level-locked': {
      const { activeDirects = 0, required = 0 } = row.reason_detail ?? {};
      return `level ${row.level} locked: ${activeDirects} of ${required} active directs`;
    }
    // Recorded after the account was closed (decision 0060): a closed account is paid nothing.
    case 'account-closed':
      return 'account closed';
    case 'income-cap': {
      const cut = BigInt(row.amount) - BigInt(row.paid_amount ?? 0);
      return row.paid_amount === null
        ? 'income cap reached'
        : `income cap reached: ${formatAmount(cut)} not paid`;
    }
  }
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

function toRecord(row: IncomeRow): IncomeRecord {
  const paid = row.status === 'paid' ? BigInt(row.paid_amount ?? 0) : BigInt(row.amount);
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    amount: microsToDollars(paid),
    notPaidReason: notPaidReason(row),
    createdAt: iso(row.created_at)!,
    paidAt: iso(row.paid_at),
    sourceMember:
      row.source_name === null || row.source_code === null
        ? null
        : { name: row.source_name, referral_code: row.source_code },
    level: row.level,
    packageId: row.member_package_id,
    packageName: row.package_name,
    period: row.period,
    baseAmount: row.base_amount === null ? null : microsToDollars(BigInt(row.base_amount)),
    percentage: row.rate === null ? null : rateToPercentage(row.rate),
    rank: row.rank_name,
    planVersion: row.plan_version,
  };
}

/** The member's incomes of `kinds`, newest first, with the filter's sums. */
export async function listIncomes(
  db: Executor,
  memberId: string,
  kinds: readonly IncomeKind[],
  query: IncomeQuery,
): Promise<IncomePage> {
  const where: SQL = sql.join(
    [
      sql`i.member_id = ${memberId}::uuid`,
      sql`i.kind in (${sql.join(
        kinds.map((kind) => sql`${kind}`),
        sql`, `,
      )})`,
      ...(query.from ? [sql`i.business_day >= ${query.from}::date`] : []),
      ...(query.to ? [sql`i.business_day <= ${query.to}::date`] : []),
      ...(query.status ? [sql`i.status = ${query.status}`] : []),
    ],
    sql` and `,
  );
  const [rows, [totals]] = await Promise.all([
    queryRows<IncomeRow>(
      db,
      sql`
      select i.id::text, i.kind, i.status, i.amount::text, i.paid_amount::text, i.reason,
        i.reason_detail, i.created_at, i.paid_at, s.name as source_name,
        s.referral_code as source_code, i.level, i.member_package_id::text, p.name as package_name,
        i.period, i.base_amount::text, i.rate, i.rank_name, i.plan_version
      from incomes i
        left join members s on s.id = i.source_member_id
        left join member_packages mp on mp.id = i.member_package_id
        left join packages p on p.id = mp.package_id
      where ${where}
      order by i.business_day desc, i.id desc
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    queryRows<{ total: number; paid: string; pending: string; not_paid: string }>(
      db,
      sql`
      select count(*)::int as total,
        coalesce(sum(i.paid_amount) filter (where i.status = 'paid'), 0)::text as paid,
        coalesce(sum(i.amount) filter (where i.status = 'pending'), 0)::text as pending,
        coalesce(sum(i.amount - coalesce(i.paid_amount, 0)) filter (where i.status <> 'pending'), 0)::text
          as not_paid
      from incomes i where ${where}`,
    ),
  ]);
  return {
    data: rows.map(toRecord),
    page: query.page,
    pageSize: query.pageSize,
    total: totals?.total ?? 0,
    totalAmount: microsToDollars(BigInt(totals?.paid ?? 0)),
    pendingAmount: microsToDollars(BigInt(totals?.pending ?? 0)),
    notPaidAmount: microsToDollars(BigInt(totals?.not_paid ?? 0)),
  };
}
