import { EARLY_SUBMIT_KEY } from './prerendered-page.ts';

/**
 * What a visitor did on the prerendered sign-in before the app took it over: the text typed
 * into its fields (by name) and whether it was submitted (held by the page's head script).
 */
export type EarlyInput = { values: Record<string, string>; submitted: boolean };

let early: EarlyInput | null = null;

const held = () => window as unknown as Record<string, { submitted: boolean } | null | undefined>;

/**
 * Takes over what the visitor did on the page's prerendered form, just before the app renders
 * it: the app's form starts with that text instead of clearing it (hydration would set each
 * field to the form's empty value), and sends a submit the page held. From now on, submits
 * are the app's.
 */
export function takeOverEarlyInput(container: Element): void {
  const submitted = held()[EARLY_SUBMIT_KEY]?.submitted === true;
  held()[EARLY_SUBMIT_KEY] = null;
  const form = container.querySelector('form');
  const values: Record<string, string> = {};
  if (form) {
    for (const [name, value] of new FormData(form)) {
      if (typeof value === 'string' && value !== '') values[name] = value;
    }
  }
  early = { values, submitted };
}

/** What the visitor did before the app, until the first screen has used it (then null). */
export const earlyInput = (): EarlyInput | null => early;

/** Called once the first screen has started from it: a later sign-in screen starts empty. */
export function forgetEarlyInput(): void {
  early = null;
}
