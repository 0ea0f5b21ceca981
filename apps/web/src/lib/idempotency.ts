import { useCallback, useMemo, useRef } from 'react';
import { ApiError } from './api-client.ts';

/** The header the API reads on money-moving POSTs (docs/decisions/0004-idempotency.md). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * A random UUID v4. `crypto.randomUUID` exists only in secure contexts (HTTPS or localhost),
 * so a deployment on plain HTTP falls back to `getRandomValues`, which exists everywhere.
 */
export function createIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether the server settled the request for good. The API stores a 4xx answer under its key
 * and replays it, so the next attempt needs a fresh key; a network failure, a 5xx (the key is
 * released) or "still in progress" leaves the outcome open, and only the same key is safe.
 */
function isSettled(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status >= 400 && error.status < 500 && error.code !== 'IDEMPOTENCY_IN_PROGRESS';
}

export type IdempotencyKeys = {
  /** The key for this request: the previous one while the same request is being retried. */
  keyFor: (fingerprint: string) => string;
  /** Call with the outcome: a success or a settled failure ends the submission. */
  settle: (error?: unknown) => void;
};

/** One key per submission, reused when the member retries the same submission. */
export function useIdempotencyKeys(): IdempotencyKeys {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  const keyFor = useCallback((fingerprint: string) => {
    if (current.current?.fingerprint !== fingerprint) {
      current.current = { fingerprint, key: createIdempotencyKey() };
    }
    return current.current.key;
  }, []);
  const settle = useCallback((error?: unknown) => {
    if (error === undefined || isSettled(error)) current.current = null;
  }, []);
  return useMemo(() => ({ keyFor, settle }), [keyFor, settle]);
}
