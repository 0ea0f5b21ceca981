// Helpers for the operator suites (imported by tests only): a pending withdrawal as its request
// writes it, for the audit log's names and the menu's counts, which read rows, not how they came.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { adjustMemberBalance, getMemberAccountIds, placeHold } from '../../ledger/index.ts';
import type { TestApp } from '../../testing/test-app.ts';

/** A pending $50 withdrawal from the member's profit wallet (funded and held for it), now. */
export async function pendingWithdrawalRow(t: TestApp, memberId: string): Promise<string> {
  const db = t.ctx.database.db;
  const now = t.clock.now();
  const amount = 50_000_000n;
  await adjustMemberBalance(db, {
    memberId,
    wallet: 'profit',
    amount,
    reference: `operator-test-profit:${randomUUID()}`,
    reason: 'test funding',
    now,
  });
  const accounts = await getMemberAccountIds(db, memberId);
  if (!accounts) throw new Error('member has no accounts');
  const { hold } = await placeHold(db, {
    accountId: accounts.profit,
    amount,
    reference: `withdrawal:${randomUUID()}`,
    now,
  });
  const id = randomUUID();
  await db.execute(sql`
    insert into withdrawals (id, member_id, wallet, amount, fee, net_amount, address, status,
      business_day, hold_id, created_at)
    values (${id}, ${memberId}, 'profit', ${amount}, 5000000, 45000000,
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'pending', ${now.toISOString().slice(0, 10)},
      ${hold.id}, ${now.toISOString()}::timestamptz)`);
  return id;
}
