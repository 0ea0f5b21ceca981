import type { catalogueLabels } from '@app/contracts';
import {
  createPackageBody,
  parseMoney,
  type OperatorPackageView,
  type UpdatePackageBody,
} from '@app/contracts';
import type { z } from 'zod';
import { dollarsToMicros } from '../../../lib/money.ts';

// The add/edit package form: the contracts' own schema (the server's messages, before the
// round trip), the fields as typed, and for an edit only the terms that changed.

export const packageFormSchema = createPackageBody;
export type PackageFormInput = z.input<typeof packageFormSchema>;
export type PackageFormValues = z.output<typeof packageFormSchema>;

export const PACKAGE_FIELDS = [
  'name',
  'minAmount',
  'maxAmount',
  'dailyPercentage',
  'totalDays',
  'sortOrder',
] as const satisfies readonly (keyof typeof catalogueLabels)[];

export const EMPTY_PACKAGE_FORM: PackageFormInput = {
  name: '',
  minAmount: '',
  maxAmount: '',
  dailyPercentage: '',
  totalDays: '',
  sortOrder: '0',
};

export const toPackageForm = (pkg: OperatorPackageView): PackageFormInput => ({
  name: pkg.name,
  minAmount: String(pkg.minAmount),
  maxAmount: String(pkg.maxAmount),
  dailyPercentage: String(pkg.dailyPercentage),
  totalDays: String(pkg.totalDays),
  sortOrder: String(pkg.sortOrder),
});

/** Exact comparison of a typed decimal with the API's figure, in micro-dollars. */
const sameDecimal = (typed: string | number, current: number) => {
  const parsed = parseMoney(typed);
  return parsed.ok && parsed.micros === dollarsToMicros(current);
};

/** The terms an edit changes (PATCH sends only those); empty when nothing changed. */
export function changedTerms(
  pkg: OperatorPackageView,
  values: PackageFormValues,
): UpdatePackageBody {
  return {
    ...(values.name === pkg.name ? {} : { name: values.name }),
    ...(sameDecimal(values.minAmount, pkg.minAmount) ? {} : { minAmount: values.minAmount }),
    ...(sameDecimal(values.maxAmount, pkg.maxAmount) ? {} : { maxAmount: values.maxAmount }),
    ...(sameDecimal(values.dailyPercentage, pkg.dailyPercentage)
      ? {}
      : { dailyPercentage: values.dailyPercentage }),
    ...(values.totalDays === pkg.totalDays ? {} : { totalDays: values.totalDays }),
    ...(values.sortOrder === pkg.sortOrder ? {} : { sortOrder: values.sortOrder }),
  };
}
