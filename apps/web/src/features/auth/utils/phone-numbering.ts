// The complete numbering plan (about 150 kB, decision 0051), loaded with the sign-up page only:
// the contracts take it as an argument, so no other page's code brings it.
import { phoneNumberingOf } from '@app/contracts';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import metadata from 'libphonenumber-js/metadata.max.json';

export const phoneNumbering = phoneNumberingOf(parsePhoneNumberFromString, metadata);
