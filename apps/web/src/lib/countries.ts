import { customArray } from 'country-codes-list';

export type CountryOption = { code: string; name: string };

// About 250 countries from a maintained dataset, by name; never a hand-typed list (the
// identity verification form and the console name countries from it).
export const COUNTRY_OPTIONS: readonly CountryOption[] = customArray(
  { code: '{countryCode}', name: '{countryNameEn}' },
  { sortBy: 'name' },
);

export const countryNameOf = (code: string | null | undefined) =>
  COUNTRY_OPTIONS.find((option) => option.code === code)?.name ?? code ?? '';
