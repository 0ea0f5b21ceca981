import { and, eq, isNull } from 'drizzle-orm';
import type { OperatorRole } from '@app/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { operators, operatorSessions } from '../../db/schema/index.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { createToken, sha256 } from '../../lib/secrets.ts';
import { SESSION_IDLE_MS, SESSION_LIFETIME_MS } from '../auth/sessions.ts';

// Operator sessions follow the member rules (PRODUCT.md §4, decision 0003): opaque 256-bit
// tokens stored as SHA-256, 30 minutes idle, 12 hours at most; but in their own table, so a
// member token is never an operator token and the other way round.

const TOUCH_INTERVAL_MS = MINUTE_MS;

export type SessionOperator = {
  sessionId: string;
  operatorId: string;
  email: string;
  role: OperatorRole;
};

export async function createOperatorSession(
  db: Executor,
  input: { operatorId: string; now: Date; ip: string; userAgent: string | undefined },
): Promise<string> {
  const token = createToken();
  await db.insert(operatorSessions).values({
    operatorId: input.operatorId,
    tokenHash: sha256(token),
    createdAt: input.now,
    lastSeenAt: input.now,
    expiresAt: new Date(input.now.getTime() + SESSION_LIFETIME_MS),
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 300),
  });
  return token;
}

/** The operator behind a token, or null: unknown, revoked, idle too long, expired, or disabled. */
export async function resolveOperatorSession(
  db: Db,
  token: string,
  now: Date,
): Promise<SessionOperator | null> {
  if (token.length < 20 || token.length > 200) return null;
  const [row] = await db
    .select({
      id: operatorSessions.id,
      operatorId: operatorSessions.operatorId,
      lastSeenAt: operatorSessions.lastSeenAt,
      expiresAt: operatorSessions.expiresAt,
      email: operators.email,
      role: operators.role,
      status: operators.status,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, sha256(token)), isNull(operatorSessions.revokedAt)));
  if (!row || row.status !== 'active') return null;
  const lastSeen = row.lastSeenAt.getTime();
  const nowMs = now.getTime();
  if (nowMs >= row.expiresAt.getTime() || nowMs - lastSeen >= SESSION_IDLE_MS) return null;
  if (nowMs - lastSeen >= TOUCH_INTERVAL_MS) {
    await db
      .update(operatorSessions)
      .set({ lastSeenAt: now })
      .where(eq(operatorSessions.id, row.id));
  }
  return { sessionId: row.id, operatorId: row.operatorId, email: row.email, role: row.role };
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
