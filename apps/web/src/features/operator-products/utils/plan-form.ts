import type { PlanDocument } from '@app/contracts';

// The plan editor's form: the plan document with every number as the text typed, so a field
// can be empty or half-typed while the operator works. The server is the one validator: the
// draft is sent as typed (numbers where the text is one) and its 422 names each field.

export type WeeklyTierForm = { fromBusiness: string; percentage: string };
export type RankForm = {
  name: string;
  teamBusiness: string;
  activeDirects: string;
  monthlySalary: string;
  reward: string;
};
export type PlanForm = {
  timeZone: string;
  missedDays: string;
  compoundingDailyPercentage: string;
  referralBonusPercentage: string;
  teamLevelBonusPercentages: string[];
  teamProfitPercentages: string[];
  directsRequired: string[];
  weeklyTiers: WeeklyTierForm[];
  ranks: RankForm[];
  /** Empty: no cap. */
  incomeCapMultiple: string;
};

/** The lists the plan holds per level, 1 to 10. */
export const LEVEL_LISTS = [
  'teamLevelBonusPercentages',
  'teamProfitPercentages',
  'directsRequired',
] as const;
export type LevelList = (typeof LEVEL_LISTS)[number];

export const EMPTY_TIER: WeeklyTierForm = { fromBusiness: '', percentage: '' };
export const EMPTY_RANK: RankForm = {
  name: '',
  teamBusiness: '',
  activeDirects: '',
  monthlySalary: '',
  reward: '',
};

const text = (value: number) => String(value);

export function toPlanForm(plan: PlanDocument): PlanForm {
  return {
    timeZone: plan.timeZone,
    missedDays: plan.missedDays,
    compoundingDailyPercentage: text(plan.compoundingDailyPercentage),
    referralBonusPercentage: text(plan.referralBonusPercentage),
    teamLevelBonusPercentages: plan.teamLevelBonusPercentages.map(text),
    teamProfitPercentages: plan.teamProfitPercentages.map(text),
    directsRequired: plan.directsRequired.map(text),
    weeklyTiers: plan.weeklyTiers.map((tier) => ({
      fromBusiness: text(tier.fromBusiness),
      percentage: text(tier.percentage),
    })),
    ranks: plan.ranks.map((rank) => ({
      name: rank.name,
      teamBusiness: text(rank.teamBusiness),
      activeDirects: text(rank.activeDirects),
      monthlySalary: text(rank.monthlySalary),
      reward: text(rank.reward),
    })),
    incomeCapMultiple: plan.incomeCapMultiple === null ? '' : text(plan.incomeCapMultiple),
  };
}

/**
 * Text that is a plain decimal number becomes that number; anything else (empty, "1,5", "abc")
 * is sent as typed, so the server's refusal names the field ("… must be a number").
 */
export function numberOrText(value: string): number | string {
  const trimmed = value.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The draft as the API takes it (POST operator/plan/preview and POST operator/plan). */
export function toPlanDraft(form: PlanForm) {
  return {
    timeZone: form.timeZone.trim(),
    missedDays: form.missedDays,
    compoundingDailyPercentage: numberOrText(form.compoundingDailyPercentage),
    referralBonusPercentage: numberOrText(form.referralBonusPercentage),
    teamLevelBonusPercentages: form.teamLevelBonusPercentages.map(numberOrText),
    teamProfitPercentages: form.teamProfitPercentages.map(numberOrText),
    directsRequired: form.directsRequired.map(numberOrText),
    weeklyTiers: form.weeklyTiers.map((tier) => ({
      fromBusiness: numberOrText(tier.fromBusiness),
      percentage: numberOrText(tier.percentage),
    })),
    ranks: form.ranks.map((rank) => ({
      name: rank.name,
      teamBusiness: numberOrText(rank.teamBusiness),
      activeDirects: numberOrText(rank.activeDirects),
      monthlySalary: numberOrText(rank.monthlySalary),
      reward: numberOrText(rank.reward),
    })),
    incomeCapMultiple:
      form.incomeCapMultiple.trim() === '' ? null : numberOrText(form.incomeCapMultiple),
  };
}

/** The server names a draft's fields under `document.`; the form's paths are the rest. */
export const DOCUMENT_PREFIX = 'document.';

/** Field path → reason, from the server's validation results for a draft. */
export type PlanErrors = Record<string, string>;

export function toPlanErrors(results: readonly { field: string; reason: string }[]): PlanErrors {
  const errors: PlanErrors = {};
  for (const { field, reason } of results) {
    const path = field.startsWith(DOCUMENT_PREFIX) ? field.slice(DOCUMENT_PREFIX.length) : field;
    // The first reason for a field is the one to fix first.
    errors[path] ??= reason;
  }
  return errors;
}

/** Errors of a field and of everything inside it (a rank's row, a list's items). */
export const errorsUnder = (errors: PlanErrors, path: string): string[] =>
  Object.entries(errors)
    .filter(([field]) => field === path || field.startsWith(`${path}.`))
    .map(([, reason]) => reason);
