import { desc, eq } from 'drizzle-orm';
import {
  SIGN_IN_HISTORY_LIMIT,
  type SignInAttemptView,
  type SignInFailure,
  type SignInMethod,
} from '@app/contracts';
import type { Executor } from '../db/client.ts';
import { signInAttempts } from '../db/schema/members.ts';
import { describeDevice } from './device-names.ts';

export type SignInAttempt = {
  memberId: string;
  at: Date;
  ip: string;
  userAgent: string | undefined;
  method: SignInMethod;
  /** Null for a success. */
  failure: SignInFailure | null;
};

/** Keeps one attempt on a member's account for their sign-in history (decision 0044). */
export async function recordSignInAttempt(db: Executor, attempt: SignInAttempt): Promise<void> {
  await db.insert(signInAttempts).values({
    memberId: attempt.memberId,
    at: attempt.at,
    ip: attempt.ip,
    userAgent: attempt.userAgent ?? null,
    method: attempt.method,
    result: attempt.failure ? 'failure' : 'success',
    failure: attempt.failure,
  });
}

/** The member's latest attempts, newest first: what the member and the console show. */
export async function listSignInAttempts(
  db: Executor,
  memberId: string,
): Promise<SignInAttemptView[]> {
  const rows = await db
    .select()
    .from(signInAttempts)
    .where(eq(signInAttempts.memberId, memberId))
    .orderBy(desc(signInAttempts.at), desc(signInAttempts.id))
    .limit(SIGN_IN_HISTORY_LIMIT);
  return rows.map((row) => ({
    id: row.id.toString(),
    at: row.at.toISOString(),
    ip: row.ip,
    device: describeDevice(row.userAgent ?? undefined),
    method: row.method,
    result: row.result,
    failure: row.failure,
  }));
}
