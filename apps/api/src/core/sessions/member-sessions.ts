import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { builtOnce, textQueryOnce } from '../../db/built-once.ts';
import type { Db, Executor } from '../../db/client.ts';
import { sessions } from '../../db/schema/members.ts';
import { toMemberBalances, type MemberBalances, type Wallet } from '../../ledger/index.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { inTickBatches } from '../../lib/tick-batch.ts';
import { judgeSession, lookupHash, newSessionRecord } from './session-policy.ts';

export { SESSION_IDLE_MS, SESSION_LIFETIME_MS } from './session-policy.ts';

/**
 * An operator's view of the app as a member lasts this long from its start, whatever its use:
 * shorter than the idle limit, so it is never extended.
 */
export const IMPERSONATION_LIFETIME_MS = 15 * MINUTE_MS;

export async function createSession(
  db: Executor,
  input: {
    memberId: string;
    now: Date;
    ip: string;
    userAgent: string | undefined;
    /** The sign-in passed a second factor: the session starts fresh for step-up (0047). */
    provedSecondFactor?: boolean;
  },
): Promise<string> {
  const { token, record } = newSessionRecord(input);
  await db.insert(sessions).values({
    memberId: input.memberId,
    ...record,
    secondFactorAt: input.provedSecondFactor ? input.now : null,
  });
  return token;
}

/**
 * An operator's read-only session as the member (decision 0026): refused every request that
 * changes anything, and ending 15 minutes after it began.
 */
export async function createImpersonationSession(
  db: Executor,
  input: {
    memberId: string;
    operatorId: string;
    now: Date;
    ip: string;
    userAgent: string | undefined;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const { token, record } = newSessionRecord(input);
  const expiresAt = new Date(input.now.getTime() + IMPERSONATION_LIFETIME_MS);
  await db
    .insert(sessions)
    .values({ memberId: input.memberId, ...record, expiresAt, impersonatedBy: input.operatorId });
  return { token, expiresAt };
}

export type SessionMember = {
  sessionId: string;
  memberId: string;
  balances: MemberBalances;
  /** The operator who opened this session to see the app as the member; null for the member's own. */
  impersonatedBy: string | null;
};

/**
 * The token's session, its member's status and the member's wallet balances in a single round
 * trip. Every authenticated request runs it, and balance reads (GET auth/wallet-balance) then
 * need no second query. The lookups of the requests that arrive in one turn of the event loop go
 * in one call (decision 0042): under load a round trip serves many requests, each answered by a
 * read that started after it arrived. The join is the database function member_session_rows,
 * whose plan PostgreSQL keeps per connection (db/functions/sessions); the call's SQL is built
 * once with the token hashes as a parameter and sent as an unnamed statement, safe behind a
 * pooler in transaction mode (db/built-once.ts). One row per token, the member's three wallets
 * side by side; every column comes back as text, cast inside the function, timestamps as epoch
 * milliseconds: decoded here alike from both drivers, without drizzle's per-field mapping.
 */
const lookupQuery = textQueryOnce(
  sql`select * from member_session_rows(${sql.placeholder('tokenHashes')}::text[])`,
  ([
    tokenIndex,
    id,
    memberId,
    lastSeenAt,
    expiresAt,
    impersonatedBy,
    status,
    fundBalance,
    fundHeld,
    profitBalance,
    profitHeld,
    compoundingBalance,
    compoundingHeld,
  ]) => ({
    tokenIndex: Number(tokenIndex),
    id: id!,
    memberId: memberId!,
    lastSeenAt: new Date(Number(lastSeenAt)),
    expiresAt: new Date(Number(expiresAt)),
    impersonatedBy: impersonatedBy ?? null,
    status: status!,
    wallets: [
      walletRow('fund', fundBalance, fundHeld),
      walletRow('profit', profitBalance, profitHeld),
      walletRow('compounding', compoundingBalance, compoundingHeld),
    ],
  }),
);

function walletRow(
  kind: Wallet,
  balance: string | null | undefined,
  held: string | null | undefined,
) {
  return {
    kind: balance == null ? null : kind,
    balance: balance == null ? null : BigInt(balance),
    held: held == null ? null : BigInt(held),
  };
}

/**
 * A batch's lookup that asks for each token once: the requests of one turn that carry the same
 * token (a member's screen opens with several at once) get the same rows, read after each of
 * them arrived, and the database returns a member's rows once instead of once per request.
 * `query` answers rows tagged with the 1-based position of their hash in what it was given.
 */
export function eachTokenOnce<Row extends { tokenIndex: number }>(
  query: (values: { tokenHashes: string[] }) => Promise<Row[]>,
): (tokenHashes: string[]) => Promise<Row[][]> {
  return async (tokenHashes) => {
    const distinctHashes = [...new Set(tokenHashes)];
    const rows = await query({ tokenHashes: distinctHashes });
    const rowsByHash = new Map(distinctHashes.map((hash): [string, Row[]] => [hash, []]));
    for (const row of rows) rowsByHash.get(distinctHashes[row.tokenIndex - 1]!)?.push(row);
    return tokenHashes.map((hash) => rowsByHash.get(hash)!);
  };
}

const lookupSessions = builtOnce((db) => inTickBatches(eachTokenOnce(lookupQuery(db))));

/**
 * The member behind a bearer token, or null when the token is unknown, revoked, idle for too
 * long, past its lifetime, or the member is blocked. A write only once a minute per session.
 */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
): Promise<SessionMember | null> {
  const tokenHash = lookupHash(token);
  if (!tokenHash) return null;
  const [row] = await lookupSessions(db)(tokenHash);
  if (!row || row.status !== 'active') return null;
  const state = judgeSession(row, now);
  if (state === 'expired') return null;
  if (state === 'live-touch') {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
  }
  return {
    sessionId: row.id,
    memberId: row.memberId,
    balances: toMemberBalances(row.wallets),
    impersonatedBy: row.impersonatedBy,
  };
}

/** Ends one session; false when it had already been revoked (or never existed). */
export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length > 0;
}

/**
 * Ends every session of a member (password reset, block), or every one but `except`: a password
 * change keeps the session it was made in.
 */
export async function revokeMemberSessions(
  db: Executor,
  memberId: string,
  now: Date,
  except?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.memberId, memberId),
        isNull(sessions.revokedAt),
        except ? ne(sessions.id, except) : undefined,
      ),
    );
}
