import { accountBlockedData, type AccountBlockedData } from '@app/contracts';
import { useMemo, useSyncExternalStore } from 'react';
import { readStored, removeStored, subscribeStorage, writeStored } from './storage.ts';

// A blocked member's notice (decision 0051): the sign-in refused, or a session the block ended.
// Kept in storage so the sign-in page, where the ended session leads, shows it with the support
// address; it goes once the member signs in or closes it.
const KEY = 'accountBlocked';

const parse = (raw: unknown): AccountBlockedData | null => {
  const parsed = accountBlockedData.safeParse(raw);
  return parsed.success ? parsed.data : null;
};

/** Keeps the notice when a refused call's `data` says the account is blocked; else nothing. */
export function noteAccountBlocked(data: unknown): void {
  const blocked = parse(data);
  if (blocked) writeStored(KEY, blocked);
}

export function forgetAccountBlocked(): void {
  removeStored(KEY);
}

/** The notice to show, or null. */
export function useAccountBlocked(): AccountBlockedData | null {
  const raw = useSyncExternalStore(
    subscribeStorage,
    () => readStored(KEY),
    () => null,
  );
  return useMemo(() => parse(raw), [raw]);
}
