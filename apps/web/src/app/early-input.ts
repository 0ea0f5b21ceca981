import { EARLY_SUBMIT_KEY } from './prerendered-page.ts';

/**
 * Whether the visitor submitted the prerendered sign-in before the app took it over (held by the
 * page's head script). The text they typed stays in the fields, which the form reads once it is
 * the app's (features/auth/components/sign-in-form.tsx).
 */
export type EarlyInput = { submitted: boolean };

let early: EarlyInput | null = null;

const held = () => window as unknown as Record<string, { submitted: boolean } | null | undefined>;

/**
 * Takes over a submit the page held, just before the app renders: the app's form sends it once
 * shown. From now on, submits are the app's.
 */
export function takeOverEarlyInput(): void {
  const submitted = held()[EARLY_SUBMIT_KEY]?.submitted === true;
  held()[EARLY_SUBMIT_KEY] = null;
  early = { submitted };
}

/** What the visitor did before the app, until the first screen has used it (then null). */
export const earlyInput = (): EarlyInput | null => early;

/** Called once the first screen has started from it: a later sign-in screen starts afresh. */
export function forgetEarlyInput(): void {
  early = null;
}
