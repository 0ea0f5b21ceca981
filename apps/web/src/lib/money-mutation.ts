import {
  useMutation,
  type DefaultError,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError, type IdempotencyKey } from './api-client.ts';

/**
 * A random UUID v4. `crypto.randomUUID` exists only in secure contexts (HTTPS or localhost),
 * so a deployment on plain HTTP falls back to `getRandomValues`, which exists everywhere.
 */
function createIdempotencyKey(): IdempotencyKey {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID() as IdempotencyKey;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` as IdempotencyKey;
}

/**
 * Whether the server gave its final answer. It stores a 4xx under the key and replays it, so
 * the next attempt needs a fresh key; a network failure, a 5xx (the key is released) or 409
 * IDEMPOTENCY_IN_PROGRESS leave the outcome open, and only the same key is safe to retry.
 */
function isFinalAnswer(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status >= 400 && error.status < 500 && error.code !== 'IDEMPOTENCY_IN_PROGRESS';
}

export type MoneyMutationOptions<TData, TVariables> = Omit<
  UseMutationOptions<TData, DefaultError, TVariables>,
  'mutationFn' | 'retry'
> & {
  /** Sends the money POST (through `postMoney`) with the key of this attempt. */
  mutationFn: (variables: TVariables, key: IdempotencyKey) => Promise<TData>;
};

type Attempt = { fingerprint: string; key: IdempotencyKey };

/**
 * Every money form's mutation (buy, deposit, move to compounding, withdrawal, claim, cancel):
 * one Idempotency-Key per attempt, kept while the member retries that same attempt after an
 * open outcome, dropped on a final answer. An attempt is its variables: the server refuses a
 * key reused with another body, so a changed amount is a new attempt with a new key.
 */
export function useMoneyMutation<TData, TVariables = void>({
  mutationFn,
  ...options
}: MoneyMutationOptions<TData, TVariables>): UseMutationResult<TData, DefaultError, TVariables> {
  const attempt = useRef<Attempt | null>(null);

  return useMutation({
    ...options,
    mutationFn: async (variables: TVariables) => {
      const fingerprint = JSON.stringify(variables ?? null);
      if (attempt.current?.fingerprint !== fingerprint) {
        attempt.current = { fingerprint, key: createIdempotencyKey() };
      }
      const { key } = attempt.current;
      // Only this attempt's own key is dropped: another may have started meanwhile.
      const drop = () => {
        if (attempt.current?.key === key) attempt.current = null;
      };
      try {
        const result = await mutationFn(variables, key);
        drop();
        return result;
      } catch (error) {
        if (isFinalAnswer(error)) drop();
        throw error;
      }
    },
  });
}
