import { accountBlockedData, accountClosedData } from '@app/contracts';
import { useMemo, useSyncExternalStore } from 'react';
import { readStored, removeStored, subscribeStorage, writeStored } from './storage.ts';

// The notice of an account that may not be used (decisions 0051, 0060): blocked by an operator,
// or closed at the member's request; the sign-in refused, or a session that ended with it. Kept
// in storage so the sign-in page, where the ended session leads, shows it with the support
// address; it goes once the member signs in or closes it.
// The key's name is from when only a blocked account had a notice: a notice kept before still shows.
const KEY = 'accountBlocked';

export type InactiveAccount = { status: 'blocked' | 'closed'; supportEmail: string };

/** The notice in a refused call's `data` (kept as the server sent it), or null. */
function parse(raw: unknown): InactiveAccount | null {
  const blocked = accountBlockedData.safeParse(raw);
  if (blocked.success) return { status: 'blocked', supportEmail: blocked.data.supportEmail };
  const closed = accountClosedData.safeParse(raw);
  return closed.success ? { status: 'closed', supportEmail: closed.data.supportEmail } : null;
}

/** Keeps the notice when a refused call's `data` says the account is blocked or closed. */
export function noteInactiveAccount(data: unknown): void {
  if (parse(data)) writeStored(KEY, data);
}

export function forgetInactiveAccount(): void {
  removeStored(KEY);
}

/** The notice to show, or null. */
export function useInactiveAccount(): InactiveAccount | null {
  const raw = useSyncExternalStore(
    subscribeStorage,
    () => readStored(KEY),
    () => null,
  );
  return useMemo(() => parse(raw), [raw]);
}
