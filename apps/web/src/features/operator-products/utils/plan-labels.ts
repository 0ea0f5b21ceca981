import { formatDollars, type PlanDocument } from '@app/contracts';
import { dollarsToMicros } from '../../../lib/money.ts';
import { formatPercentage } from '../../../lib/format.ts';
import type { LevelList } from './plan-form.ts';

// The plan's fields in words, shared by the read-only view and the editor so both say the same.

export const planFieldLabels = {
  timeZone: 'Business day time zone',
  missedDays: 'Missed days',
  compoundingDailyPercentage: 'Compounding, % a day',
  referralBonusPercentage: 'Referral bonus, %',
  incomeCapMultiple: 'Income cap',
} as const;

export const levelListLabels: Record<LevelList, { title: string; column: string }> = {
  teamLevelBonusPercentages: {
    title: 'Team-level bonus, % of a downline purchase',
    column: 'Team-level bonus',
  },
  teamProfitPercentages: {
    title: 'Team profit, % of a downline daily profit claim',
    column: 'Team profit',
  },
  directsRequired: { title: 'Active directs required to earn from the level', column: 'Directs' },
};

export const missedDaysLabels: Record<PlanDocument['missedDays'], string> = {
  carry: 'Carried until claimed',
  forfeit: 'Forfeited (a claim pays the latest day only)',
};

/** "$25,000": exact and without trailing zeros. */
export const formatPlanDollars = (dollars: number) => formatDollars(dollarsToMicros(dollars));

export const formatCap = (multiple: number | null) =>
  multiple === null ? 'No cap' : `${multiple} times the active investment`;

export { formatPercentage };
