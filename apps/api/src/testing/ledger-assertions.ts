import { expect } from 'vitest';
import type { Executor } from '../db/client.ts';
import { members } from '../db/schema/members.ts';
import { loadCurrentPlan } from '../core/plan.ts';
import { joinTeam } from '../core/team.ts';
import {
  getHouseAccountIds,
  openMemberAccounts,
  type MemberAccountIds,
} from '../ledger/accounts.ts';
import { postTransfer } from '../ledger/transfers.ts';
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
  sponsorId: string | null = null,
): Promise<{ memberId: string; accounts: MemberAccountIds }> {
  memberCounter += 1;
  const tag = `${process.pid}-${Date.now().toString(36)}-${memberCounter}`;
  const [member] = await db
    .insert(members)
    .values({
      referralCode: `LT${tag}`.toUpperCase(),
      name: `Ledger Test ${memberCounter}`,
      email: `ledger-${tag}@example.test`,
      mobile: '+10000000000',
      passwordHash: 'not-a-real-hash',
      sponsorId,
      createdAt: now,
    })
    .returning({ id: members.id });
  if (!member) throw new Error('member insert returned nothing');
  // Every member has a place in the team structure, as registration gives them.
  await joinTeam(db, { memberId: member.id, sponsorId, joinedAt: now }, await loadCurrentPlan(db));
  return { memberId: member.id, accounts: await openMemberAccounts(db, member.id, now) };
}

/** A test member whose fund wallet received `amount` from house:deposits. */
export async function insertFundedLedgerMember(
  db: Executor,
  amount: bigint,
  now = new Date('2025-01-01T00:00:00Z'),
): Promise<{ memberId: string; accounts: MemberAccountIds }> {
  const member = await insertLedgerTestMember(db, now);
  const house = await getHouseAccountIds(db);
  await postTransfer(db, {
    reference: `deposit:${member.memberId}`,
    kind: 'deposit',
    memberId: member.memberId,
    lines: [
      { accountId: member.accounts.fund, amount },
      { accountId: house.deposits, amount: -amount },
    ],
    now,
  });
  return member;
}
