import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions } from '../../db/schema/members.ts';
import { secondFactorMethodsOf } from './factors.ts';
import { MEMBER_FACTOR } from './owners.ts';
import { markSessionProved, provedRecently, stepUpRequired } from './session-factor.ts';

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
  if (provedRecently(row?.at ?? null, now)) return;
  throw stepUpRequired(methods);
}

/** Marks the session as having proved the second factor now; answers until when it counts. */
export const markSecondFactorProved = (
  db: Executor,
  session: { memberId: string; sessionId: string },
  now: Date,
): Promise<Date> =>
  markSessionProved(
    db,
    MEMBER_FACTOR,
    { ownerId: session.memberId, sessionId: session.sessionId },
    now,
  );
