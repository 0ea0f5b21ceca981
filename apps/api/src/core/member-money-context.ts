import { eq } from 'drizzle-orm';
import {
  DETAIL_LEDGER_LINES,
  microsToDollars,
  type MemberLedgerLine,
  type OperatorMemberCard,
} from '@app/contracts';
import type { Executor } from '../db/client.ts';
import { members } from '../db/schema/members.ts';
import { listMemberPostings } from '../ledger/index.ts';

// What an operator sees beside a money request (a deposit, a withdrawal): whose it is and what
// last moved through their wallets. The lines come from the ledger's own read of a member's
// postings, the one the statement uses.

export type MemberMoneyContext = { member: OperatorMemberCard; recentLedger: MemberLedgerLine[] };

export async function memberMoneyContext(
  db: Executor,
  memberId: string,
): Promise<MemberMoneyContext> {
  const [[member], postings] = await Promise.all([
    db
      .select({
        id: members.id,
        registeredId: members.referralCode,
        name: members.name,
        email: members.email,
        status: members.status,
      })
      .from(members)
      .where(eq(members.id, memberId)),
    listMemberPostings(db, memberId, {}, DETAIL_LEDGER_LINES),
  ]);
  if (!member) throw new Error(`member ${memberId} is missing`);
  return {
    member,
    recentLedger: postings.map((posting) => ({
      id: posting.id.toString(),
      createdAt: posting.createdAt.toISOString(),
      wallet: posting.wallet,
      kind: posting.kind,
      amount: microsToDollars(posting.amount),
      balanceAfter: microsToDollars(posting.balanceAfter ?? 0n),
      reference: posting.reference,
    })),
  };
}
