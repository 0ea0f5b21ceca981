import { memberView, type MemberView } from '@app/contracts';
import { useMemo, useSyncExternalStore } from 'react';
import { readStored, removeStored, subscribeStorage, writeStored } from './storage.ts';

// The session lives in localStorage under the client contract's keys.
export const storageKeys = {
  accessToken: 'accessToken',
  userDetail: 'userDetail',
  referralCode: 'referral_code',
} as const;

const readString = (key: string): string | null => {
  const value = readStored(key);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};

/** The query of GET auth/me, the signed-in member; a change to their details refetches it. */
export const ME_QUERY_KEY = ['auth', 'me'] as const;

export const getAccessToken = (): string | null => readString(storageKeys.accessToken);

export const getStoredReferralCode = (): string | null => readString(storageKeys.referralCode);

/** A userDetail that no longer matches the contract is treated as absent, never trusted. */
function parseUser(raw: unknown): MemberView | null {
  const parsed = memberView.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export const getUserDetail = (): MemberView | null => parseUser(readStored(storageKeys.userDetail));

export function saveAccessToken(token: string): void {
  writeStored(storageKeys.accessToken, token);
}

export function saveSession(token: string, user: MemberView): void {
  writeStored(storageKeys.userDetail, user);
  saveAccessToken(token);
}

export function saveUserDetail(user: MemberView): void {
  writeStored(storageKeys.userDetail, user);
}

export function saveReferralCode(code: string): void {
  writeStored(storageKeys.referralCode, code);
}

/** Ends the session in this browser; the referral code stays to prefill the next sign-in. */
export function clearSession(): void {
  removeStored(storageKeys.accessToken, storageKeys.userDetail);
}

/**
 * Ends the session a refused call was sent with, unless another has replaced it meanwhile
 * (signed in again in another tab): a late 401 must not end the new one.
 */
export function endSessionIfCurrent(token: string): void {
  if (getAccessToken() === token) clearSession();
}

/**
 * Replaces the session with a token handed over without its member (the shell fetches who it
 * is). Ending the old one first drops its member's cached data (see AppProviders).
 */
export function replaceSession(token: string): void {
  clearSession();
  saveAccessToken(token);
}

export const subscribeSession = subscribeStorage;

export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribeStorage, getAccessToken, () => null);
}

/**
 * The referral code kept for the next sign-in. A page prerendered by the build has none (no
 * storage there): a hydrated sign-in starts from that, so it matches the markup it hydrates.
 */
export function useStoredReferralCode(): string | null {
  return useSyncExternalStore(subscribeStorage, getStoredReferralCode, () => null);
}

export function useUserDetail(): MemberView | null {
  // Parsing yields a new object each time; subscribe to the cached raw value instead so the
  // snapshot stays stable, and parse only when it changes.
  const raw = useSyncExternalStore(
    subscribeStorage,
    () => readStored(storageKeys.userDetail),
    () => null,
  );
  return useMemo(() => parseUser(raw), [raw]);
}
