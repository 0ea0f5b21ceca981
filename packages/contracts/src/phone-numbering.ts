// The complete numbering plan for the API (decision 0051): its own entry point
// (`@app/contracts/phone-numbering`), outside the index, so no web page loads it through the
// index. The web app builds the same plan in its sign-up page's code.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import metadata from 'libphonenumber-js/metadata.max.json';
import { phoneNumberingOf } from './mobile-number.ts';

export const phoneNumbering = phoneNumberingOf(parsePhoneNumberFromString, metadata);

/** '+49' of '+4915112345678': the calling code of a stored number; null when it reads as none. */
export function callingCodeOf(mobile: string): string | null {
  const parsed = parsePhoneNumberFromString(mobile);
  return parsed ? `+${parsed.countryCallingCode}` : null;
}
