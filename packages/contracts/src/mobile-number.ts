// Mobile numbers from every country (decision 0051). India's keep the seed's rule and format
// exactly; every other country's are checked by that country's own numbering plan
// (libphonenumber's complete metadata) and kept in E.164. The plan (about 150 kB) is handed in,
// never imported here: the contracts' index is in every page's first load, and the web app loads
// the plan with the sign-up page only (features/auth/utils/phone-numbering.ts); the API takes
// it from './phone-numbering.ts'.
import type { MetadataJson, PhoneNumber } from 'libphonenumber-js';
import { labels, patternMessage } from './messages.ts';
import { MOBILE_MAX_LENGTH, MOBILE_NUMBER_PATTERN, PHONE_PATTERN } from './patterns.ts';

/** India's dial code, the default: its numbers are checked and stored as they always were. */
export const INDIA_DIAL_CODE = '+91';
/** The most digits a national number may have: E.164 allows 15 with the calling code. */
export const NATIONAL_NUMBER_MAX_LENGTH = 14;

/** '+91', '91' or ' +91 ' all name India; an empty dial code is India's rule too, the default. */
const compactDialCode = (dialCode: string) => {
  const code = dialCode.trim().replace(/\s+/g, '');
  return code === '' || code.startsWith('+') ? code : `+${code}`;
};

/** Whether a dial code (as the picker gives it) takes India's rule: +91, or none chosen yet. */
export const takesIndiaRule = (dialCode: string) => {
  const code = compactDialCode(dialCode);
  return code === '' || code === INDIA_DIAL_CODE;
};

/** The most digits the mobile field takes for a dial code: India's 10, others' up to 14. */
export const nationalNumberMaxLength = (dialCode: string) =>
  takesIndiaRule(dialCode) ? MOBILE_MAX_LENGTH : NATIONAL_NUMBER_MAX_LENGTH;

/** Joins the form's dial code and number into the API's `mobile_number`. */
export function joinMobileNumber(dialCode: string, mobile: string): string {
  const code = compactDialCode(dialCode);
  return `${code.startsWith('+') ? code : `+${code}`}${mobile.trim()}`;
}

// Made on first use: creating it loads the browser's region names, a pause of its own that every
// page's first load would pay, since this module is in every page's first chunk.
let regionNames: Intl.DisplayNames | undefined;

/** A country's English name from its ISO code ('DE' is Germany); the code itself if unknown. */
export function countryName(country: string): string {
  try {
    regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return regionNames.of(country) ?? country;
  } catch {
    return country;
  }
}

/** 'Mobile is not a valid number for Germany'. */
export const notValidForCountryMessage = (label: string, country: string) =>
  `${label} is not a valid number for ${countryName(country)}`;

/** A numbering plan: what a number in international form is, as far as the plan can tell. */
export type PhoneNumbering = (international: string) => {
  /** The number in E.164 when it is valid in its country, else null. */
  e164: string | null;
  /** The country it belongs to, or its calling code's main one; undefined for an unknown code. */
  country: string | undefined;
};

/** A numbering plan from libphonenumber's parse and the metadata it was built with. */
export function phoneNumberingOf(
  parse: (text: string) => PhoneNumber | undefined,
  metadata: MetadataJson,
): PhoneNumbering {
  /**
   * The main country of a calling code (+1 the United States, +44 the United Kingdom). Calling
   * codes are prefix-free, so at most one of the first three digits' prefixes is a code.
   */
  const mainCountryOf = (digits: string): string | undefined => {
    for (let length = 1; length <= 3; length++) {
      const countries = metadata.country_calling_codes[digits.slice(0, length)];
      if (countries) return countries[0];
    }
    return undefined;
  };
  return (international) => {
    const phone = parse(international);
    if (phone?.isValid()) return { e164: phone.number, country: phone.country };
    return {
      e164: null,
      country: phone?.country ?? mainCountryOf(international.replace(/\D/g, '')),
    };
  };
}

export type MobileCheck = { ok: true; value: string } | { ok: false; message: string };

/**
 * Checks a joined mobile number ('+' and the dial code, then the national number). India's (and
 * anything without a '+') must match the seed's pattern and is kept as sent. Any other must be a
 * valid number of its country and is kept in E.164 (a trunk 0 or hyphens dropped); a refusal
 * names `country` when given (the country the member chose, since several share a dial code),
 * else the calling code's main country.
 */
export function checkMobileNumber(
  numbering: PhoneNumbering,
  joined: string,
  options: { label?: string; country?: string } = {},
): MobileCheck {
  const label = options.label ?? labels.mobile_number;
  if (!joined.startsWith('+') || joined.startsWith(INDIA_DIAL_CODE)) {
    return MOBILE_NUMBER_PATTERN.test(joined)
      ? { ok: true, value: joined }
      : { ok: false, message: patternMessage(label) };
  }
  const phone = numbering(joined);
  if (phone.e164) return { ok: true, value: phone.e164 };
  const country = options.country ?? phone.country;
  return {
    ok: false,
    message: country ? notValidForCountryMessage(label, country) : patternMessage(label),
  };
}

/**
 * The sign-up form's check of its mobile field: India's 10 digits starting 6–9 as before (also
 * while no dial code is chosen), any other country's number by that country's rules. Null when
 * the number is fine.
 */
export function nationalNumberProblem(
  numbering: PhoneNumbering,
  dialCode: string,
  mobile: string,
  country: string | undefined,
): string | null {
  if (takesIndiaRule(dialCode)) {
    return PHONE_PATTERN.test(mobile) ? null : patternMessage(labels.mobile);
  }
  const result = checkMobileNumber(numbering, joinMobileNumber(dialCode, mobile), {
    label: labels.mobile,
    country,
  });
  return result.ok ? null : result.message;
}
