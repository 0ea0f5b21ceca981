import { desc, eq } from 'drizzle-orm';
import type { ClosureRequestView } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { accountClosures } from '../../db/schema/account-closures.ts';
import { DAY_MS } from '../../lib/clock.ts';

// A member's requests to close their account (decision 0060): the latest one is what the member
// and the console show; a member has at most one pending and at most one confirmed.

export type ClosureRow = typeof accountClosures.$inferSelect;

/** The member's latest request, or null when they never asked. */
export async function latestClosure(db: Executor, memberId: string): Promise<ClosureRow | null> {
  const [row] = await db
    .select()
    .from(accountClosures)
    .where(eq(accountClosures.memberId, memberId))
    .orderBy(desc(accountClosures.requestedAt), desc(accountClosures.id))
    .limit(1);
  return row ?? null;
}

export const toClosureView = (row: ClosureRow): ClosureRequestView => ({
  id: row.id,
  status: row.status,
  requestedAt: row.requestedAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
  refusalReason: row.refusalReason,
});

/** When a confirmed closure's personal data goes: its confirmation and the retention days. */
export const eraseAfterOf = (row: ClosureRow, closedAccountDays: number): Date | null =>
  row.status === 'confirmed' && row.decidedAt
    ? new Date(row.decidedAt.getTime() + closedAccountDays * DAY_MS)
    : null;
