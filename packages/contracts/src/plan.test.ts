import { describe, expect, it } from 'vitest';
import { PLAN_DEFAULTS, planDocument, readPlanDocument, type PlanDocument } from './plan.ts';

const issuesOf = (document: unknown) => {
  const parsed = planDocument.safeParse(document);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};
const withChange = (change: Partial<PlanDocument>) => ({ ...PLAN_DEFAULTS, ...change });

describe('the plan document', () => {
  it('accepts the product defaults as they are', () => {
    expect(issuesOf(PLAN_DEFAULTS)).toEqual([]);
  });

  it('reads a version stored before a key existed with that key from the defaults', () => {
    const parsed = readPlanDocument({ timeZone: 'Asia/Kolkata', missedDays: 'forfeit' });
    expect(parsed.success && parsed.data).toEqual({
      ...PLAN_DEFAULTS,
      timeZone: 'Asia/Kolkata',
      missedDays: 'forfeit',
    });
    expect(readPlanDocument({ referralBonusPercentage: 101 }).success).toBe(false);
  });

  it('names each refused value by its path', () => {
    expect(
      issuesOf(
        withChange({
          timeZone: 'Mars/Olympus',
          referralBonusPercentage: 5.00001,
          teamProfitPercentages: [10, 5, 3, 2, 1, 1, 1, 1, 0.5],
          directsRequired: [1, 1, 2, 2, 3, 3, 4, 4, 5, 1.5],
          incomeCapMultiple: 0,
        }),
      ),
    ).toEqual([
      'timeZone: timeZone must be an IANA time zone, e.g. UTC or Asia/Kolkata',
      'referralBonusPercentage: Referral bonus percentage can have at most 4 decimal places',
      'teamProfitPercentages: Team profit percentages needs one value for each of the 10 levels',
      'directsRequired.9: Directs required must be a whole number',
      'incomeCapMultiple: incomeCapMultiple must be greater than 0',
    ]);
  });

  it('keeps level 1 for the referral bonus and tiers and ranks in ascending order', () => {
    const [bronze, silver] = PLAN_DEFAULTS.ranks;
    expect(
      issuesOf(
        withChange({
          teamLevelBonusPercentages: [1, 2, 1, 1, 0.5, 0.5, 0, 0, 0, 0],
          weeklyTiers: [
            { fromBusiness: 5_000, percentage: 1.5 },
            { fromBusiness: 1_000, percentage: 1 },
          ],
          ranks: [silver!, bronze!],
        }),
      ),
    ).toEqual([
      'teamLevelBonusPercentages.0: Level 1 earns the referral bonus: its team-level bonus percentage must be 0',
      'weeklyTiers: Weekly tiers must start at increasing business, lowest first',
      'ranks: Ranks must need increasing team business, lowest first',
    ]);
    expect(issuesOf(withChange({ ranks: [bronze!, { ...silver!, name: 'BRONZE' }] }))).toEqual([
      'ranks: Rank names must differ',
    ]);
  });

  it('takes a cap multiple with two decimals and amounts with six', () => {
    expect(issuesOf(withChange({ incomeCapMultiple: 2.5 }))).toEqual([]);
    expect(issuesOf(withChange({ incomeCapMultiple: 2.555 }))).toEqual([
      'incomeCapMultiple: incomeCapMultiple can have at most 2 decimal places',
    ]);
    expect(
      issuesOf(withChange({ weeklyTiers: [{ fromBusiness: 1000.0000001, percentage: 1 }] })),
    ).toEqual([
      'weeklyTiers.0.fromBusiness: Weekly tier business can have at most 6 decimal places',
    ]);
  });
});
