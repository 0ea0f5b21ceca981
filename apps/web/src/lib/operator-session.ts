import { operatorView, type OperatorView } from '@app/contracts';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { readStored, removeStored, subscribeStorage, writeStored } from './storage.ts';

// The operator's session, apart from the member's: its own storage key, so signing in to the
// console never touches a member session in the same browser, and a member token is never
// sent to the console's API (nor an operator's to the member API).
const OPERATOR_SESSION_KEY = 'operatorSession';

const storedSession = z.object({ token: z.string().min(1), operator: operatorView });
export type OperatorSession = z.infer<typeof storedSession>;

/** A stored value that no longer matches is treated as absent, never trusted. */
export function getOperatorSession(): OperatorSession | null {
  const parsed = storedSession.safeParse(readStored(OPERATOR_SESSION_KEY));
  return parsed.success ? parsed.data : null;
}

export const getOperatorToken = (): string | null => getOperatorSession()?.token ?? null;

export function saveOperatorSession(token: string, operator: OperatorView): void {
  writeStored(OPERATOR_SESSION_KEY, { token, operator });
}

export function clearOperatorSession(): void {
  removeStored(OPERATOR_SESSION_KEY);
}

/** Ends the session a refused call carried, unless a newer sign-in has replaced it. */
export function endOperatorSessionIfCurrent(token: string): void {
  if (getOperatorToken() === token) clearOperatorSession();
}

// useSyncExternalStore needs the same object while storage is unchanged.
let cachedRaw: string | null = null;
let cachedSession: OperatorSession | null = null;
function snapshot(): OperatorSession | null {
  const raw = window.localStorage.getItem(OPERATOR_SESSION_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = getOperatorSession();
  }
  return cachedSession;
}

export const subscribeOperatorSession = subscribeStorage;

export function useOperatorSession(): OperatorSession | null {
  return useSyncExternalStore(subscribeStorage, snapshot, () => null);
}
