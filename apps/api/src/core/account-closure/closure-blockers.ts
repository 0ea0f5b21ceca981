import { and, count, eq, gt, sql } from 'drizzle-orm';
import {
  formatAmount,
  microsToDollars,
  WITHDRAWAL_MIN_MICROS,
  type ClosureBlocker,
  type ClosurePackages,
} from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { deposits, withdrawals } from '../../db/schema/money-flows.ts';
import { memberPackages } from '../../db/schema/packages.ts';
import { getMemberBalances, MEMBER_WALLETS, type MemberBalances } from '../../ledger/index.ts';

// What stops an account from being closed (decision 0060), read the same way when the member
// asks and when an operator confirms: money the account still holds, or a request still open.
// The database refuses a closing past any of them too (db/functions/members/closure-guards.sql).

function walletBlockers(balances: MemberBalances): ClosureBlocker[] {
  return MEMBER_WALLETS.flatMap((wallet): ClosureBlocker[] => {
    const { available, held } = balances[wallet];
    const found: ClosureBlocker[] = [];
    if (available > 0n) {
      // Under the withdrawal minimum the member cannot take it out: support settles it.
      const how = available < WITHDRAWAL_MIN_MICROS ? ', under the withdrawal minimum' : '';
      found.push({
        kind: 'wallet-balance',
        message: `the ${wallet} wallet holds ${formatAmount(available)}${how}`,
      });
    }
    if (held > 0n)
      found.push({
        kind: 'wallet-held',
        message: `${formatAmount(held)} of the ${wallet} wallet is held for a withdrawal`,
      });
    return found;
  });
}

async function openRequests(db: Executor, memberId: string): Promise<ClosureBlocker[]> {
  const [[withdrawal], [pending]] = await Promise.all([
    db
      .select({ amount: withdrawals.amount })
      .from(withdrawals)
      .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.status, 'pending'))),
    db
      .select({ deposits: count() })
      .from(deposits)
      .where(and(eq(deposits.memberId, memberId), eq(deposits.status, 'pending'))),
  ]);
  const found: ClosureBlocker[] = [];
  if (withdrawal)
    found.push({
      kind: 'pending-withdrawal',
      message: `a withdrawal of ${formatAmount(withdrawal.amount)} is still pending`,
    });
  const open = pending?.deposits ?? 0;
  if (open > 0)
    found.push({
      kind: 'pending-deposit',
      message: open === 1 ? 'a deposit is still pending' : `${open} deposits are still pending`,
    });
  return found;
}

/** Everything that stops the member's account from being closed now; none means it can be. */
export async function closureBlockers(db: Executor, memberId: string): Promise<ClosureBlocker[]> {
  const [balances, requests] = await Promise.all([
    getMemberBalances(db, memberId),
    openRequests(db, memberId),
  ]);
  return [...walletBlockers(balances), ...requests];
}

/**
 * The packages still earning at `now` and the profit they have still to pay (their days not yet
 * settled, claimable or to come): what closing gives up, since a closed account claims nothing.
 */
export async function closurePackages(
  db: Executor,
  memberId: string,
  now: Date,
): Promise<ClosurePackages & { remainingMicros: bigint }> {
  const [row] = await db
    .select({
      active: sql<number>`count(*)::int`,
      remaining: sql<string>`coalesce(sum(${memberPackages.dailyProfit} * (${memberPackages.totalDays} - ${memberPackages.settledDays})), 0)::text`,
    })
    .from(memberPackages)
    .where(and(eq(memberPackages.memberId, memberId), gt(memberPackages.endsAt, now)));
  const remainingMicros = BigInt(row?.remaining ?? '0');
  return {
    active: row?.active ?? 0,
    remainingProfit: microsToDollars(remainingMicros),
    remainingMicros,
  };
}
