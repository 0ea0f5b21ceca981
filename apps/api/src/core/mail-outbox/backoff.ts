import { MINUTE_MS, HOUR_MS } from '../../lib/clock.ts';

/**
 * Waits before each retry of a failed send: quick at first (a relay restarting), then longer (a
 * relay down for an hour); the last attempt comes about four hours after the first.
 */
export const RETRY_DELAYS_MS = [
  5_000,
  30_000,
  2 * MINUTE_MS,
  10 * MINUTE_MS,
  30 * MINUTE_MS,
  HOUR_MS,
  2 * HOUR_MS,
] as const;

/** The first attempt and one per retry delay; then the mail is failed for good. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * How long a claimed mail is kept from other senders: longer than one SMTP conversation may
 * last (lib/mailer.ts SMTP_TIMEOUTS_MS), so only a sender that died mid-send lets another take
 * it, and then the mail may go twice rather than never.
 */
export const CLAIM_LEASE_MS = 2 * MINUTE_MS;

/**
 * When a mail whose `attempts`-th send just failed is tried again; null when it is given up:
 * attempts are used up, or the next try would come after the mail stopped being useful.
 */
export function nextAttemptAt(attempts: number, now: Date, sendBefore: Date | null): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  if (delay === undefined) return null;
  const next = new Date(now.getTime() + delay);
  return sendBefore && next >= sendBefore ? null : next;
}
