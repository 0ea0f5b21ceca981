// Helpers for the adjustments suites (imported by tests only).
import { eq } from 'drizzle-orm';
import { members } from '../../db/schema/members.ts';
import type { TestApp } from '../../testing/test-app.ts';

/** The member's Registered ID, which the proposal names them by. */
export async function codeOf(t: TestApp, memberId: string): Promise<string> {
  const [row] = await t.ctx.database.db
    .select({ code: members.referralCode })
    .from(members)
    .where(eq(members.id, memberId));
  if (!row) throw new Error(`no member ${memberId}`);
  return row.code;
}

/** A valid proposal body: a $25.50 credit to the fund wallet. */
export const proposal = (memberCode: string) => ({
  memberCode,
  wallet: 'fund',
  direction: 'credit',
  amount: '25.50',
  reason: 'Gateway paid twice for one deposit',
  reference: 'NP-123456',
});
