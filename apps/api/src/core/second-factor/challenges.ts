import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { SIGN_IN_CHALLENGE_MINUTES } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { signInChallenges } from '../../db/schema/members.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { createToken, sha256 } from '../../lib/secrets.ts';

/** Wrong codes one challenge takes before it ends; the sign-in throttle counts them too. */
export const CHALLENGE_MAX_ATTEMPTS = 5;

/** Opens the second step of a sign-in whose password was right: a token, not a session. */
export async function openChallenge(
  db: Executor,
  memberId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = createToken();
  const expiresAt = new Date(now.getTime() + SIGN_IN_CHALLENGE_MINUTES * MINUTE_MS);
  await db
    .insert(signInChallenges)
    .values({ memberId, tokenHash: sha256(token), createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** The challenge behind a token while it can still be answered, else null. */
export async function findLiveChallenge(
  db: Executor,
  token: string,
  now: Date,
): Promise<{ id: string; memberId: string } | null> {
  const [row] = await db
    .select({ id: signInChallenges.id, memberId: signInChallenges.memberId })
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.tokenHash, sha256(token)),
        isNull(signInChallenges.endedAt),
        gt(signInChallenges.expiresAt, now),
      ),
    );
  return row ?? null;
}

/** Counts a wrong code; the challenge ends at the last one allowed. */
export async function countChallengeMiss(db: Executor, id: string, now: Date): Promise<void> {
  await db
    .update(signInChallenges)
    .set({
      attempts: sql`${signInChallenges.attempts} + 1`,
      endedAt: sql`case when ${signInChallenges.attempts} + 1 >= ${CHALLENGE_MAX_ATTEMPTS} then ${now.toISOString()}::timestamptz end`,
    })
    .where(eq(signInChallenges.id, id));
}

/**
 * Ends a challenge that was answered: true for the one call that ended it, so two requests with
 * the same right code open one session.
 */
export async function endChallenge(db: Executor, id: string, now: Date): Promise<boolean> {
  const ended = await db
    .update(signInChallenges)
    .set({ endedAt: now })
    .where(and(eq(signInChallenges.id, id), isNull(signInChallenges.endedAt)))
    .returning({ id: signInChallenges.id });
  return ended.length > 0;
}
