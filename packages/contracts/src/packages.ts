import { z } from 'zod';
import { dayRangeShape, pageOf, pageQuery } from './envelope.ts';
import { isPlainText } from './fields.ts';
import { controlCharactersMessage, patternMessage, requiredMessage } from './messages.ts';
import { microsToDecimalString, parseMoney, type MoneyParseResult } from './money.ts';

// Packages, daily profit and trade income. Amounts leave the
// server as dollars (JSON numbers); rates as percentages (0.3 means 0.30 % a day).

export const packageLabels = { packageId: 'Package', amount: 'Amount' } as const;

type MoneyRefusal = Extract<MoneyParseResult, { ok: false }>['reason'];

const moneyReasons: Record<MoneyRefusal, (label: string) => string> = {
  invalid: patternMessage,
  'too-precise': (label) => `${label} can have at most 6 decimal places`,
  'not-positive': (label) => `${label} must be greater than 0`,
  'too-large': (label) => `${label} is too large`,
};

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A dollar amount sent as a JSON number or a decimal string, checked exactly (parseMoney). Every
 * refusal names the field: absent or blank is '{label} is required'. The value passes through
 * unchanged, so the body stays plain JSON (the Idempotency-Key fingerprint hashes it); the server
 * converts it with `toMicros`.
 */
export function moneyAmount(label: string) {
  return z
    .union([z.number(), z.string()], {
      error: (issue) => (isBlank(issue.input) ? requiredMessage(label) : patternMessage(label)),
    })
    .superRefine((value, ctx) => {
      if (isBlank(value))
        return void ctx.addIssue({ code: 'custom', message: requiredMessage(label) });
      const parsed = parseMoney(value);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: moneyReasons[parsed.reason](label) });
    });
}

/** Micro-dollars of an amount that `moneyAmount` accepted. */
export function toMicros(value: number | string): bigint {
  const parsed = parseMoney(value);
  if (!parsed.ok) throw new RangeError(`not a valid amount: ${String(value)}`);
  return parsed.micros;
}

/**
 * `$2,500` or `$0.123456`: exact, grouped, no trailing zeros. For limits written in sentences
 * (minimums, ranges, daily caps), which are round numbers; amounts use formatAmount.
 */
export function formatDollars(micros: bigint): string {
  const [whole = '0', fraction] = microsToDecimalString(micros < 0n ? -micros : micros).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${micros < 0n ? '-' : ''}$${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Rates are stored in units of 1e-4 % (0.30 % = 3000); the API shows the percentage. */
export const RATE_UNITS_PER_PERCENT = 10_000;
export const rateToPercentage = (rate: number) => rate / RATE_UNITS_PER_PERCENT;

export const amountRangeMessage = (label: string, min: bigint, max: bigint) =>
  `${label} must be between ${formatDollars(min)} and ${formatDollars(max)}`;

// ---- catalogue -----------------------------------------------------------------------------

export const packageView = z.object({
  id: z.string(),
  name: z.string(),
  minAmount: z.number(),
  maxAmount: z.number(),
  /** Percent of the amount paid per business day, e.g. 0.3. */
  dailyPercentage: z.number(),
  totalDays: z.number(),
  active: z.boolean(),
});
export type PackageView = z.infer<typeof packageView>;
export const packagePageData = pageOf(packageView);

// ---- purchase ------------------------------------------------------------------------------

export const buyPackageBody = z.object({
  packageId: z
    .string({
      error: (issue) =>
        isBlank(issue.input)
          ? requiredMessage(packageLabels.packageId)
          : patternMessage(packageLabels.packageId),
    })
    .trim()
    .min(1, { error: requiredMessage(packageLabels.packageId), abort: true })
    .pipe(z.uuid(patternMessage(packageLabels.packageId))),
  amount: moneyAmount(packageLabels.amount),
});
export type BuyPackageBody = z.input<typeof buyPackageBody>;

/** A member's purchased package (the client contract's fields, plus what /fund/investments shows). */
export const purchasedPackageView = z.object({
  id: z.string(),
  /** The catalogue package it was bought from. */
  packageId: z.string(),
  name: z.string(),
  amount: z.number(),
  dailyProfitAmount: z.number(),
  dailyPercentage: z.number(),
  totalDays: z.number(),
  /** Daily profit times days. */
  totalProfit: z.number(),
  createdAt: z.string(),
  /** The purchase's business day (YYYY-MM-DD); day N accrues on startDate + N. */
  startDate: z.string(),
  /** When day totalDays ends: from then on the package is Expired. */
  expiresAt: z.string(),
  isExpired: z.boolean(),
  claimedDays: z.number(),
  claimedProfit: z.number(),
  /** Days lost under the plan's `missedDays: forfeit`. */
  forfeitedDays: z.number(),
  /** Days neither claimed nor forfeited yet, and their profit. */
  remainingDays: z.number(),
  remainingProfit: z.number(),
});
export type PurchasedPackageView = z.infer<typeof purchasedPackageView>;
export const purchasedPackagePageData = pageOf(purchasedPackageView);

// ---- trade income --------------------------------------------------------------------------

/** One claimed (package, day): trade income, in the common income-record shape. */
export const tradeIncomeRecord = z.object({
  id: z.string(),
  kind: z.literal('trade'),
  amount: z.number(),
  createdAt: z.string(),
  sourceMember: z.null(),
  level: z.null(),
  /** The purchased package (member package id) that earned it. */
  packageId: z.string(),
  packageName: z.string(),
  /** The purchase: when it was made and its amount, so two purchases of one package differ. */
  purchasedAt: z.string(),
  purchaseAmount: z.number(),
  dayNumber: z.number(),
  period: z.string(),
  planVersion: z.number(),
  claimId: z.string(),
});
export type TradeIncomeRecord = z.infer<typeof tradeIncomeRecord>;
/** Sum of every record the filter matches, not only this page. */
export const tradeIncomePageData = pageOf(tradeIncomeRecord).extend({ totalAmount: z.number() });

/** Paging plus an optional range of accrual business days, both ends included. */
export const tradeIncomeQuery = pageQuery.extend(dayRangeShape);
export type TradeIncomeQuery = z.infer<typeof tradeIncomeQuery>;

// ---- operator catalogue management ---------------------------------------------------------

export const catalogueLabels = {
  name: 'Name',
  minAmount: 'Minimum amount',
  maxAmount: 'Maximum amount',
  dailyPercentage: 'Daily percentage',
  totalDays: 'Total days',
  sortOrder: 'Sort order',
} as const;

/** At most 100 % a day: anything above is a typing error, not a package. */
const MAX_DAILY_PERCENTAGE_MICROS = 100n * 1_000_000n;

/**
 * A daily percentage such as 0.35 (number or decimal text), checked like an amount and then
 * exact to the rate unit (1e-4 %, so at most 4 decimal places) and at most 100. Convert with
 * `percentageToRate`.
 */
export function dailyPercentageField(label: string) {
  return moneyAmount(label).superRefine((value, ctx) => {
    const parsed = parseMoney(value);
    if (!parsed.ok) return; // moneyAmount has named the problem
    if (parsed.micros % 100n !== 0n)
      ctx.addIssue({ code: 'custom', message: `${label} can have at most 4 decimal places` });
    else if (parsed.micros > MAX_DAILY_PERCENTAGE_MICROS)
      ctx.addIssue({ code: 'custom', message: `${label} must be at most 100` });
  });
}

/** Rate units (1e-4 %) of a percentage `dailyPercentageField` accepted: 0.35 → 3500. */
export function percentageToRate(value: number | string): number {
  const parsed = parseMoney(value);
  if (!parsed.ok) throw new RangeError(`not a valid percentage: ${String(value)}`);
  return Number(parsed.micros / 100n);
}

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: patternMessage(label) })
    .int(patternMessage(label))
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);

const catalogueFields = {
  name: z
    .string({
      error: (issue) =>
        isBlank(issue.input)
          ? requiredMessage(catalogueLabels.name)
          : patternMessage(catalogueLabels.name),
    })
    .trim()
    .refine(isPlainText, { error: controlCharactersMessage(catalogueLabels.name), abort: true })
    .min(1, requiredMessage(catalogueLabels.name))
    .max(60, `${catalogueLabels.name} can have at most 60 characters`),
  minAmount: moneyAmount(catalogueLabels.minAmount),
  maxAmount: moneyAmount(catalogueLabels.maxAmount),
  dailyPercentage: dailyPercentageField(catalogueLabels.dailyPercentage),
  totalDays: wholeNumber(catalogueLabels.totalDays, 1, 3650),
  sortOrder: wholeNumber(catalogueLabels.sortOrder, 0, 10_000),
};

/** POST operator/packages: a new package on sale. Maximum below minimum is refused by the server. */
export const createPackageBody = z.object({
  ...catalogueFields,
  sortOrder: catalogueFields.sortOrder.default(0),
});
export type CreatePackageBody = z.input<typeof createPackageBody>;

/** PATCH operator/packages/{id}: any of the fields; applies to purchases made after it. */
export const updatePackageBody = z.object(catalogueFields).partial();
export type UpdatePackageBody = z.input<typeof updatePackageBody>;

/** A catalogue package as operators see it: retired ones too, with their order. */
export const operatorPackageView = packageView.extend({
  sortOrder: z.number(),
  createdAt: z.string(),
  /** The version of its terms: 1 when added, one more with each edit (counted from the audit log). */
  version: z.number(),
});
export type OperatorPackageView = z.infer<typeof operatorPackageView>;
export const operatorPackagePageData = pageOf(operatorPackageView);
