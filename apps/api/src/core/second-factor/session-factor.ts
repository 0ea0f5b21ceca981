import { and, eq } from 'drizzle-orm';
import { STEP_UP_REQUIRED, STEP_UP_WINDOW_MINUTES } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { FactorTables } from './owners.ts';

// When a session last proved its owner's second factor, for step-up (decisions 0047, 0049).

const WINDOW_MS = STEP_UP_WINDOW_MINUTES * MINUTE_MS;

/** Whether a proof made at `at` still counts at `now` (the last 5 minutes). */
export const provedRecently = (at: Date | null, now: Date): boolean =>
  at !== null && at.getTime() >= now.getTime() - WINDOW_MS;

/** Marks the session as having proved the factor now; answers until when it counts. */
export async function markSessionProved(
  db: Executor,
  tables: FactorTables,
  session: { ownerId: string; sessionId: string },
  now: Date,
): Promise<Date> {
  const owned = and(
    eq(tables.sessions.id, session.sessionId),
    eq(tables.sessionsOwner, session.ownerId),
  );
  await db.update(tables.sessions).set({ secondFactorAt: now }).where(owned);
  return new Date(now.getTime() + WINDOW_MS);
}

/** The 403 of a change that needs the factor proved again, naming the factors that may prove it. */
export const stepUpRequired = (methods: readonly string[]) =>
  new AppError('STEP_UP_REQUIRED', STEP_UP_REQUIRED, {}, { methods });
