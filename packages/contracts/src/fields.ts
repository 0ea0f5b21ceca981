import { z } from 'zod';
import {
  controlCharactersMessage,
  directionControlsMessage,
  patternMessage,
  requiredMessage,
  tooLongMessage,
  tooShortMessage,
} from './messages.ts';

// Control characters (C0, DEL, C1) are never typed into a form. NUL cannot even be stored by
// PostgreSQL (an encoding error, once a 500); the others corrupt logs, CSV and mails. Every text
// field refuses them by name; multi-line fields keep tab and line breaks.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above, less tab, line feed and carriage return
const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

// Invisible characters that reorder what is shown: the embeddings and overrides (U+202A–202E),
// the isolates (U+2066–2069) and the marks (U+200E, U+200F, U+061C). A ticket subject or a
// name holding an override reads differently on screen than it is stored and searched, and
// can pass off one text as another in an operator's queue. Nobody types them on purpose; text
// in right-to-left scripts is shown correctly without them.
const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

/** True when the text holds no invisible text-direction control. */
export const hasNoDirectionControls = (value: string) => !DIRECTION_CONTROLS.test(value);

export type TextOptions = { multiline?: boolean };

/** True when the text holds no control character (tab and line breaks allowed if multiline). */
export const isPlainText = (value: string, options: TextOptions = {}) =>
  !(options.multiline ? CONTROL_CHARACTERS_BUT_LINE_BREAKS : CONTROL_CHARACTERS).test(value);

/**
 * The checks every text field starts with: trimmed, refused with '{label} must not contain
 * control characters' when it holds one, and '{label} must not contain invisible text-direction
 * characters' for a direction control. The text schemas below all build on them, so no field can
 * skip them.
 */
const plainTextChecks = (label: string, options: TextOptions) => [
  z.trim(),
  z.refine<string>((value) => isPlainText(value, options), {
    error: controlCharactersMessage(label),
    abort: true,
  }),
  z.refine<string>(hasNoDirectionControls, { error: directionControlsMessage(label), abort: true }),
];

/** A required field's length checks, each failure in the specification's sentence for the label. */
const lengthChecks = (label: string, max: number, min: number) => [
  z.minLength(1, { error: requiredMessage(label), abort: true }),
  z.minLength(min, { error: tooShortMessage(label, min), abort: true }),
  z.maxLength(max, tooLongMessage(label, max)),
];

// Every text schema is one string schema given all its checks at once. Chained
// (`.trim().refine().min()…`), each step copies the schema: eight copies for a patterned field,
// and the browser builds dozens of fields as its first chunk starts.
const textSchema = (label: string) => z.string({ error: () => requiredMessage(label) });

/** Any text a client sends, with the checks above. */
export function plainText(label: string, options: TextOptions = {}) {
  return textSchema(label).check(...plainTextChecks(label, options));
}

/**
 * A required text field whose every failure (absent, null, wrong type, blank, too long,
 * control characters) reads as the specification's sentence for that label, so the envelope
 * names the field plainly.
 */
export function requiredText(label: string, max: number, min = 1, options: TextOptions = {}) {
  return textSchema(label).check(
    ...plainTextChecks(label, options),
    ...lengthChecks(label, max, min),
  );
}

/** An optional text field: absent is fine, anything sent is checked like any text. */
export function optionalText(label: string, max: number) {
  return textSchema(label)
    .check(...plainTextChecks(label, {}), z.maxLength(max, tooLongMessage(label, max)))
    .optional();
}

/** A required text field that must also match a pattern ('Enter valid {label}.'). */
export function patternText(label: string, max: number, pattern: RegExp) {
  return textSchema(label).check(
    ...plainTextChecks(label, {}),
    ...lengthChecks(label, max, 1),
    z.regex(pattern, patternMessage(label)),
  );
}

/** A password is compared as typed: never trimmed, and hashed, so any character is stored safely. */
export function passwordText(label: string, max: number, min = 1) {
  return textSchema(label).check(...lengthChecks(label, max, min));
}
