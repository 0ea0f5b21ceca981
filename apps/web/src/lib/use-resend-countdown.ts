import { useCallback, useEffect, useState } from 'react';
import { ApiError } from './api-client.ts';

/**
 * How long the server asks to wait before another code: the `Retry-After` of its 429, which
 * the API client keeps on the error. Null for any other failure.
 */
export function retryAfterSeconds(error: unknown): number | null {
  return error instanceof ApiError && error.status === 429 ? error.retryAfterSeconds : null;
}

/**
 * The seconds left before a new email code may be asked for. It starts when the server
 * refuses a send as too early, so the wait shown is the server's own, never a guess.
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
