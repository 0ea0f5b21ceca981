import { expect } from 'vitest';
import type { Executor } from '../db/client.ts';
import { members } from '../db/schema/index.ts';
import { openMemberAccounts, type MemberAccountIds } from '../ledger/accounts.ts';
import { reconcile } from '../ledger/reconcile.ts';

/**
 * Every money test ends with this: cached balances equal their postings, every transfer is
 * balanced, all postings sum to zero and `held` equals the pending holds. The failure shows the
 * whole report.
 */
export async function expectReconciled(db: Executor): Promise<void> {
  const report = await reconcile(db);
  expect(report).toEqual({
    ok: true,
    mismatchedAccounts: [],
    totalPostings: 0n,
    unbalancedTransfers: [],
    heldMismatch: [],
  });
}

let memberCounter = 0;

/**
 * Inserts a bare member row with opened ledger accounts, for ledger tests that need account
 * owners but not the auth flow.
 */
export async function insertLedgerTestMember(
  db: Executor,
  now = new Date('2025-01-01T00:00:00Z'),
): Promise<{ memberId: string; accounts: MemberAccountIds }> {
  memberCounter += 1;
  const tag = `${process.pid}-${Date.now().toString(36)}-${memberCounter}`;
  const [member] = await db
    .insert(members)
    .values({
      referralCode: `LT${tag}`,
      name: `Ledger Test ${memberCounter}`,
      email: `ledger-${tag}@example.test`,
      mobile: '+10000000000',
      passwordHash: 'not-a-real-hash',
      createdAt: now,
    })
    .returning({ id: members.id });
  if (!member) throw new Error('member insert returned nothing');
  return { memberId: member.id, accounts: await openMemberAccounts(db, member.id, now) };
}
