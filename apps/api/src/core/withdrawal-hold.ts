import { eq, sql } from 'drizzle-orm';
import { WITHDRAWALS_ON_HOLD_PREFIX } from '@app/contracts';
import type { Executor } from '../db/client.ts';
import { members } from '../db/schema/members.ts';
import { HOUR_MS } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { holdLine, utcMinute } from './member-mails.ts';
import { readSecuritySettings } from './platform-settings.ts';

// Withdrawals wait a while after a security change (decision 0046): someone who took over an
// account by changing its password, turning its second factor off or pointing its payout
// address elsewhere cannot drain it before the member, told by email, can react.

/**
 * Starts (or lengthens) the member's hold from `now` for the operators' number of hours, in the
 * change's transaction; answers its end, or null when operators turned holds off. A hold never
 * shortens one already running.
 */
export async function startWithdrawalHold(
  tx: Executor,
  memberId: string,
  now: Date,
): Promise<Date | null> {
  const { withdrawalHoldHours } = await readSecuritySettings(tx);
  if (withdrawalHoldHours === 0) return null;
  const until = new Date(now.getTime() + withdrawalHoldHours * HOUR_MS);
  const [row] = await tx
    .update(members)
    .set({
      withdrawalsHeldUntil: sql`greatest(coalesce(${members.withdrawalsHeldUntil}, ${until.toISOString()}::timestamptz), ${until.toISOString()}::timestamptz)`,
    })
    .where(eq(members.id, memberId))
    .returning({ until: members.withdrawalsHeldUntil });
  return row?.until ?? until;
}

/** The end of the member's hold when it is still running at `now`, else null. */
export async function withdrawalHoldOf(
  db: Executor,
  memberId: string,
  now: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ until: members.withdrawalsHeldUntil })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.until && row.until > now ? row.until : null;
}

/** The sentence the change's notice and mail end with, when a hold started. */
export const holdSentence = (until: Date | null) => (until ? ` ${holdLine(until)}` : '');

/** Refuses a withdrawal while the member's hold runs, saying until when. */
export async function refuseWhileHeld(db: Executor, memberId: string, now: Date): Promise<void> {
  const until = await withdrawalHoldOf(db, memberId, now);
  if (until)
    throw new AppError(
      'WITHDRAWALS_ON_HOLD',
      `${WITHDRAWALS_ON_HOLD_PREFIX} ${utcMinute(until)} UTC, after a security change to your account.`,
    );
}
