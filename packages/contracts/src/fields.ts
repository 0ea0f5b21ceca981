import { z } from 'zod';
import { patternMessage, requiredMessage, tooLongMessage, tooShortMessage } from './messages.ts';

/**
 * A required text field whose every failure (absent, null, wrong type, blank, too long)
 * reads as the seed's sentence for that label, so the envelope names the field plainly.
 */
export function requiredText(label: string, max: number, min = 1) {
  return z
    .string({ error: () => requiredMessage(label) })
    .trim()
    .min(1, { error: requiredMessage(label), abort: true })
    .min(min, { error: tooShortMessage(label, min), abort: true })
    .max(max, tooLongMessage(label, max));
}

/** A required text field that must also match a pattern ('Enter valid {label}.'). */
export function patternText(label: string, max: number, pattern: RegExp) {
  return requiredText(label, max).regex(pattern, patternMessage(label));
}

/** A password is compared as typed: never trimmed. */
export function passwordText(label: string, max: number, min = 1) {
  return z
    .string({ error: () => requiredMessage(label) })
    .min(1, { error: requiredMessage(label), abort: true })
    .min(min, { error: tooShortMessage(label, min), abort: true })
    .max(max, tooLongMessage(label, max));
}
