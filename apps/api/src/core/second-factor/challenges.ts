import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { SIGN_IN_CHALLENGE_MINUTES } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { createToken, sha256 } from '../../lib/secrets.ts';
import { MEMBER_FACTOR, ownerOf, type FactorTables } from './owners.ts';

/** Wrong codes one challenge takes before it ends; the sign-in throttle counts them too. */
export const CHALLENGE_MAX_ATTEMPTS = 5;

/** Opens the second step of a sign-in whose password was right: a token, not a session. */
export async function openChallenge(
  db: Executor,
  ownerId: string,
  now: Date,
  tables: FactorTables = MEMBER_FACTOR,
): Promise<{ token: string; expiresAt: Date }> {
  const token = createToken();
  const expiresAt = new Date(now.getTime() + SIGN_IN_CHALLENGE_MINUTES * MINUTE_MS);
  await db
    .insert(tables.challenges)
    .values({ ...ownerOf(tables, ownerId), tokenHash: sha256(token), createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** The challenge behind a token while it can still be answered (its owner's id), else null. */
export async function findLiveOwnerChallenge(
  db: Executor,
  token: string,
  now: Date,
  tables: FactorTables,
): Promise<{ id: string; ownerId: string } | null> {
  const { challenges } = tables;
  const [row] = await db
    .select({ id: challenges.id, ownerId: tables.challengesOwner })
    .from(challenges)
    .where(
      and(
        eq(challenges.tokenHash, sha256(token)),
        isNull(challenges.endedAt),
        gt(challenges.expiresAt, now),
      ),
    );
  return row ?? null;
}

/** A member's challenge behind a token while it can still be answered, else null. */
export async function findLiveChallenge(
  db: Executor,
  token: string,
  now: Date,
): Promise<{ id: string; memberId: string } | null> {
  const row = await findLiveOwnerChallenge(db, token, now, MEMBER_FACTOR);
  return row && { id: row.id, memberId: row.ownerId };
}

/** Counts a wrong code; the challenge ends at the last one allowed. */
export async function countChallengeMiss(
  db: Executor,
  id: string,
  now: Date,
  tables: FactorTables = MEMBER_FACTOR,
): Promise<void> {
  const { challenges } = tables;
  await db
    .update(challenges)
    .set({
      attempts: sql`${challenges.attempts} + 1`,
      endedAt: sql`case when ${challenges.attempts} + 1 >= ${CHALLENGE_MAX_ATTEMPTS} then ${now.toISOString()}::timestamptz end`,
    })
    .where(eq(challenges.id, id));
}

/**
 * Ends a challenge that was answered: true for the one call that ended it, so two requests with
 * the same right code open one session.
 */
export async function endChallenge(
  db: Executor,
  id: string,
  now: Date,
  tables: FactorTables = MEMBER_FACTOR,
): Promise<boolean> {
  const { challenges } = tables;
  const ended = await db
    .update(challenges)
    .set({ endedAt: now })
    .where(and(eq(challenges.id, id), isNull(challenges.endedAt)))
    .returning({ id: challenges.id });
  return ended.length > 0;
}
