import { and, eq, isNull } from 'drizzle-orm';
import type { OperatorRole } from '@app/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { operators, operatorSessions, operatorTotp } from '../../db/schema/operators.ts';
import { judgeSession, lookupHash, newSessionRecord } from './session-policy.ts';

// Operator sessions follow the member rules (session-policy.ts) in their own table, so a
// member token is never an operator token and the other way round.

export type SessionOperator = {
  sessionId: string;
  operatorId: string;
  email: string;
  role: OperatorRole;
  /** The operator's authenticator is on (decision 0049). */
  hasSecondFactor: boolean;
  /** When this session last proved it (the sign-in's second step or a step-up), else null. */
  secondFactorAt: Date | null;
};

export async function createOperatorSession(
  db: Executor,
  input: {
    operatorId: string;
    now: Date;
    ip: string;
    userAgent: string | undefined;
    /** The sign-in passed the second factor: the session starts fresh for step-up (0049). */
    provedSecondFactor?: boolean;
  },
): Promise<string> {
  const { token, record } = newSessionRecord(input);
  await db.insert(operatorSessions).values({
    operatorId: input.operatorId,
    ...record,
    secondFactorAt: input.provedSecondFactor ? input.now : null,
  });
  return token;
}

/**
 * The operator behind a token, or null: unknown, revoked, idle too long, expired, or disabled;
 * with whether their second factor is on and when this session last proved it.
 */
export async function resolveOperatorSession(
  db: Db,
  token: string,
  now: Date,
): Promise<SessionOperator | null> {
  const tokenHash = lookupHash(token);
  if (!tokenHash) return null;
  const [row] = await db
    .select({
      id: operatorSessions.id,
      operatorId: operatorSessions.operatorId,
      lastSeenAt: operatorSessions.lastSeenAt,
      expiresAt: operatorSessions.expiresAt,
      email: operators.email,
      role: operators.role,
      status: operators.status,
      secondFactorAt: operatorSessions.secondFactorAt,
      totpConfirmedAt: operatorTotp.confirmedAt,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .leftJoin(operatorTotp, eq(operatorTotp.operatorId, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.revokedAt)));
  if (!row || row.status !== 'active') return null;
  const state = judgeSession(row, now);
  if (state === 'expired') return null;
  if (state === 'live-touch') {
    await db
      .update(operatorSessions)
      .set({ lastSeenAt: now })
      .where(eq(operatorSessions.id, row.id));
  }
  return {
    sessionId: row.id,
    operatorId: row.operatorId,
    email: row.email,
    role: row.role,
    hasSecondFactor: row.totpConfirmedAt !== null,
    secondFactorAt: row.secondFactorAt,
  };
}

export async function revokeOperatorSession(
  db: Executor,
  sessionId: string,
  now: Date,
): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt)));
}

/** Ends every live session of an operator (their second factor was reset). */
export async function revokeOperatorSessions(
  db: Executor,
  operatorId: string,
  now: Date,
): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
}
