import { customArray } from 'country-codes-list';

/** One country of the dial-code picker, in the client contract's shape. */
export type DialCodeOption = { name: string; dial_code: string; code: string };

// About 250 countries from a maintained dataset; never a hand-typed list.
export const DIAL_CODE_OPTIONS: readonly DialCodeOption[] = customArray(
  { name: '{countryNameEn}', dial_code: '+{countryCallingCode}', code: '{countryCode}' },
  { sortBy: 'name' },
);

/** What the picker searches: "India +91 IN" matches 'ind', '91' and 'in'. */
export const describeDialCode = (option: DialCodeOption) =>
  `${option.name} ${option.dial_code} ${option.code}`;
