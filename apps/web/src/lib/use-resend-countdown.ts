import { useCallback, useEffect, useState } from 'react';
import { ApiError } from './api-client.ts';

const UNIT_SECONDS = { second: 1, minute: 60 } as const;

/**
 * How long the server asks to wait before another code: its 429 answer says it in words
 * ("Please wait 42 seconds before asking for a new code"), which is all the contract gives.
 */
export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const match = /(\d+)\s*(second|minute)/i.exec(error.message);
  if (!match) return null;
  return Number(match[1]) * UNIT_SECONDS[match[2]!.toLowerCase() as keyof typeof UNIT_SECONDS];
}

/**
 * The seconds left before a new email code may be asked for. It starts when the server
 * refuses a resend as too early, so the wait shown is the server's own, never a guess.
 */
export function useResendCountdown() {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) setUntil(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);

  /** Call with a failed send: a "too early" answer starts the countdown. */
  const waitAfter = useCallback((error: unknown) => {
    const seconds = retryAfterSeconds(error);
    if (seconds === null) return;
    setNow(Date.now());
    setUntil(Date.now() + seconds * 1000);
  }, []);

  return { secondsLeft, waitAfter };
}
