import { SESSION_EXPIRED } from '@app/contracts';
import { HOUR_MS, MINUTE_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { createToken, sha256 } from '../../lib/secrets.ts';

// One policy for member and operator sessions (decision 0003): opaque 256-bit
// tokens stored as SHA-256, 30 minutes idle (sliding), 12 hours at most. Each kind keeps its own
// table, so a member token is never an operator token; only the rules are shared.
export const SESSION_IDLE_MS = 30 * MINUTE_MS;
export const SESSION_LIFETIME_MS = 12 * HOUR_MS;
/** last_seen_at is refreshed at most this often, so reads don't each become a write. */
const TOUCH_INTERVAL_MS = MINUTE_MS;

/** A new token and the columns a session row stores for it. */
export function newSessionRecord(input: { now: Date; ip: string; userAgent: string | undefined }) {
  const token = createToken();
  return {
    token,
    record: {
      tokenHash: sha256(token),
      createdAt: input.now,
      lastSeenAt: input.now,
      expiresAt: new Date(input.now.getTime() + SESSION_LIFETIME_MS),
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 300),
    },
  };
}

/** The hash to look a bearer token up by, or null for a token too short or long to be ours. */
export const lookupHash = (token: string) =>
  token.length < 20 || token.length > 200 ? null : sha256(token);

/** Whether a found session still works at `now`, and whether its last_seen_at is due a refresh. */
export function judgeSession(
  session: { lastSeenAt: Date; expiresAt: Date },
  now: Date,
): 'expired' | 'live' | 'live-touch' {
  const idleMs = now.getTime() - session.lastSeenAt.getTime();
  if (now.getTime() >= session.expiresAt.getTime() || idleMs >= SESSION_IDLE_MS) return 'expired';
  return idleMs >= TOUCH_INTERVAL_MS ? 'live-touch' : 'live';
}

/**
 * The one answer when there is no usable session: no, bad, expired or revoked token, a token of
 * the other kind of session, or a member gone since signing in. The web app signs out on it.
 */
export const sessionExpired = () => new AppError('UNAUTHORIZED', SESSION_EXPIRED);
