import { REFERRAL_CODE_INPUT_PATTERN, REFERRAL_CODE_LENGTH } from '@app/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useReferrerName } from '../api/get-refer.ts';

/** Client contract: the upline lookup waits until typing has paused for 500 ms. */
export const UPLINE_LOOKUP_DELAY_MS = 500;

export type UplineHint =
  | { state: 'none' }
  | { state: 'checking' }
  | { state: 'found'; name: string }
  | { state: 'invalid' }
  | { state: 'unavailable' };

type Input = {
  code: string;
  /** Name carried by an invitation link (?upline=); shown as is, no lookup needed. */
  uplineParam: string | null;
  /** Client contract: the lookup only runs when the page has no query parameters. */
  canLookUp: boolean;
};

/** The sponsor's name beneath the invitation id, looked up while the member types. */
export function useUplineHint({ code, uplineParam, canLookUp }: Input): UplineHint {
  const typed = code.trim().toUpperCase();
  const settled = useDebouncedValue(typed, UPLINE_LOOKUP_DELAY_MS);
  // Plausible, not strictly generated-looking: demo and vanity ids exist (contracts).
  const isWellFormed = REFERRAL_CODE_INPUT_PATTERN.test(settled);
  const lookup = useReferrerName(settled, canLookUp && isWellFormed);

  if (uplineParam) return { state: 'found', name: uplineParam };
  // Nothing to say while typing, or for a half-typed id that may still become valid.
  if (!canLookUp || !settled || typed !== settled) return { state: 'none' };
  if (!isWellFormed)
    return settled.length >= REFERRAL_CODE_LENGTH ? { state: 'invalid' } : { state: 'none' };
  if (lookup.data !== undefined) return { state: 'found', name: lookup.data };
  // A 4xx means the server does not know the id; anything else is the server's trouble.
  if (lookup.error instanceof ApiError && lookup.error.status >= 400 && lookup.error.status < 500) {
    return { state: 'invalid' };
  }
  if (lookup.error) return { state: 'unavailable' };
  return { state: 'checking' };
}
