import { and, eq } from 'drizzle-orm';
import { STEP_UP_REQUIRED, STEP_UP_WINDOW_MINUTES } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { sessions } from '../../db/schema/members.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { secondFactorMethodsOf } from './factors.ts';

// Step-up (decision 0047): with the second factor on, moving money or changing how the account
// is protected needs a second factor proved by this session within the last 5 minutes, on top of
// the action's own rules (its emailed code, the password). Without a second factor, nothing
// more is asked.

/** Refuses with 403 STEP_UP_REQUIRED unless the session proved the factor recently enough. */
export async function requireFreshSecondFactor(
  db: Executor,
  session: { memberId: string; sessionId: string },
  now: Date,
): Promise<void> {
  const methods = await secondFactorMethodsOf(db, session.memberId);
  if (methods.length === 0) return;
  const [row] = await db
    .select({ at: sessions.secondFactorAt })
    .from(sessions)
    .where(eq(sessions.id, session.sessionId));
  const freshSince = now.getTime() - STEP_UP_WINDOW_MINUTES * MINUTE_MS;
  if (row?.at && row.at.getTime() >= freshSince) return;
  throw new AppError('STEP_UP_REQUIRED', STEP_UP_REQUIRED, {}, { methods });
}

/** Marks the session as having proved the second factor now; answers until when it counts. */
export async function markSecondFactorProved(
  db: Executor,
  session: { memberId: string; sessionId: string },
  now: Date,
): Promise<Date> {
  await db
    .update(sessions)
    .set({ secondFactorAt: now })
    .where(and(eq(sessions.id, session.sessionId), eq(sessions.memberId, session.memberId)));
  return new Date(now.getTime() + STEP_UP_WINDOW_MINUTES * MINUTE_MS);
}
