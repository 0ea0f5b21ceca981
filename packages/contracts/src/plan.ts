import { z } from 'zod';
import { teamIncomeTotals } from './income.ts';
import { MAX_AMOUNT_MICROS, MICROS_PER_DOLLAR, parseMoney } from './money.ts';

// The compensation plan as one document (stored per version in the database, edited by admin
// operators, validated whenever it is read or published). Operators read and write percentages
// (5 means 5 %) and dollars; the server converts them exactly to rate units (1e-4 %) and
// micro-dollars. Every list indexed by level holds levels 1 to 10 in order.

/** Levels of the team that incomes and team figures reach: 1 (direct referrals) to 10. */
export const TEAM_LEVELS = 10;

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** Exact to a power of ten: `value` has at most `decimals` decimal places (0 has none). */
const hasAtMostDecimals = (value: number, decimals: number) => {
  if (value === 0) return true;
  const parsed = parseMoney(value);
  return parsed.ok && parsed.micros % 10n ** BigInt(6 - decimals) === 0n;
};

/** A percentage from 0 to 100 with at most 4 decimals (the rate unit is 0.0001 %). */
const percentage = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be at least 0`)
    .max(100, `${label} must be at most 100`)
    .refine((value) => hasAtMostDecimals(value, 4), {
      message: `${label} can have at most 4 decimal places`,
    });

/** Dollars from 0 with at most 6 decimals, within the platform's largest amount. */
const dollars = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be at least 0`)
    .max(Number(MAX_AMOUNT_MICROS / MICROS_PER_DOLLAR), `${label} is too large`)
    .refine((value) => hasAtMostDecimals(value, 6), {
      message: `${label} can have at most 6 decimal places`,
    });

const wholeNumber = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be at least 0`)
    .max(max, `${label} must be at most ${max}`);

/** One value per level, levels 1 to 10. */
const perLevel = <T extends z.ZodType>(item: T, label: string) =>
  z.array(item).length(TEAM_LEVELS, `${label} needs one value for each of the 10 levels`);

const weeklyTier = z.object({
  /** The week's new team business from which this tier's rate applies. */
  fromBusiness: dollars('Weekly tier business'),
  percentage: percentage('Weekly tier percentage'),
});

const rank = z.object({
  name: z
    .string({ error: 'Rank name is required' })
    .trim()
    .min(1, 'Rank name is required')
    .max(30, 'Rank name must be at most 30 characters')
    .regex(/^[\p{L}\p{N} ]+$/u, 'Rank name may hold letters, digits and spaces only'),
  /** Cumulative team business (levels 1–10) needed. */
  teamBusiness: dollars('Rank team business'),
  /** Direct referrals with an active package needed. */
  activeDirects: wholeNumber('Rank active directs', 10_000),
  /** Paid on the 1st of each month for the rank held at the end of the month before. */
  monthlySalary: dollars('Rank monthly salary'),
  /** Paid once, when the rank is first reached. */
  reward: dollars('Rank reward'),
});
export type PlanRank = z.infer<typeof rank>;

const ascending = <T>(items: T[], key: (item: T) => number) =>
  items.every((item, index) => index === 0 || key(item) > key(items[index - 1]!));

/**
 * The whole plan. Every field is required when a draft is validated or published; versions
 * stored before a field existed read it from PLAN_DEFAULTS (see `readPlanDocument`).
 */
export const planDocument = z
  .object({
    /** The business day is the calendar day in this IANA time zone. */
    timeZone: z
      .string({ error: 'timeZone is required' })
      .refine(isTimeZone, 'timeZone must be an IANA time zone, e.g. UTC or Asia/Kolkata'),
    /** carry: unclaimed days wait until claimed; forfeit: a claim pays only the latest accrued day. */
    missedDays: z.enum(['carry', 'forfeit'], { error: 'missedDays must be carry or forfeit' }),
    /** Of the available compounding balance, per business day. */
    compoundingDailyPercentage: percentage('Compounding daily percentage'),
    /** Of a direct referral's package purchase, to the sponsor. */
    referralBonusPercentage: percentage('Referral bonus percentage'),
    /** Of a downline purchase, per level above the buyer; level 1 is the referral bonus, so 0. */
    teamLevelBonusPercentages: perLevel(
      percentage('Team-level bonus percentage'),
      'Team-level bonus percentages',
    ),
    /** Of every claimed daily profit, per level above the claimer. */
    teamProfitPercentages: perLevel(
      percentage('Team profit percentage'),
      'Team profit percentages',
    ),
    /** Active direct referrals a member needs to earn from each level. */
    directsRequired: perLevel(wholeNumber('Directs required', 10_000), 'Directs required'),
    /** Tiers of the weekly income, by the week's new team business, lowest first. */
    weeklyTiers: z.array(weeklyTier).max(10, 'At most 10 weekly tiers'),
    /** Ranks from the lowest, each needing more team business than the one before. */
    ranks: z.array(rank).max(20, 'At most 20 ranks'),
    /** Caps a member's income from others at this multiple of their active investment; null: no cap. */
    incomeCapMultiple: z
      .number({ error: 'incomeCapMultiple must be a number or null' })
      .gt(0, 'incomeCapMultiple must be greater than 0')
      .max(100, 'incomeCapMultiple must be at most 100')
      .refine((value) => hasAtMostDecimals(value, 2), {
        message: 'incomeCapMultiple can have at most 2 decimal places',
      })
      .nullable(),
  })
  .superRefine((plan, ctx) => {
    if (plan.teamLevelBonusPercentages[0] !== 0)
      ctx.addIssue({
        code: 'custom',
        path: ['teamLevelBonusPercentages', 0],
        message: 'Level 1 earns the referral bonus: its team-level bonus percentage must be 0',
      });
    if (!ascending(plan.weeklyTiers, (tier) => tier.fromBusiness))
      ctx.addIssue({
        code: 'custom',
        path: ['weeklyTiers'],
        message: 'Weekly tiers must start at increasing business, lowest first',
      });
    if (!ascending(plan.ranks, (item) => item.teamBusiness))
      ctx.addIssue({
        code: 'custom',
        path: ['ranks'],
        message: 'Ranks must need increasing team business, lowest first',
      });
    const names = plan.ranks.map((item) => item.name.toLowerCase());
    if (new Set(names).size !== names.length)
      ctx.addIssue({ code: 'custom', path: ['ranks'], message: 'Rank names must differ' });
  });
export type PlanDocument = z.infer<typeof planDocument>;

/** The product's default plan: demo values for a working system, not a promise. */
export const PLAN_DEFAULTS: PlanDocument = {
  timeZone: 'UTC',
  missedDays: 'carry',
  compoundingDailyPercentage: 0.1,
  referralBonusPercentage: 5,
  teamLevelBonusPercentages: [0, 2, 1, 1, 0.5, 0.5, 0, 0, 0, 0],
  teamProfitPercentages: [10, 5, 3, 2, 1, 1, 1, 1, 0.5, 0.5],
  directsRequired: [1, 1, 2, 2, 3, 3, 4, 4, 5, 5],
  weeklyTiers: [
    { fromBusiness: 1_000, percentage: 1 },
    { fromBusiness: 5_000, percentage: 1.5 },
    { fromBusiness: 25_000, percentage: 2 },
  ],
  ranks: [
    { name: 'Bronze', teamBusiness: 5_000, activeDirects: 3, monthlySalary: 50, reward: 25 },
    { name: 'Silver', teamBusiness: 25_000, activeDirects: 5, monthlySalary: 250, reward: 100 },
    { name: 'Gold', teamBusiness: 100_000, activeDirects: 8, monthlySalary: 1_000, reward: 500 },
    {
      name: 'Platinum',
      teamBusiness: 500_000,
      activeDirects: 10,
      monthlySalary: 5_000,
      reward: 2_500,
    },
    {
      name: 'Diamond',
      teamBusiness: 2_000_000,
      activeDirects: 15,
      monthlySalary: 20_000,
      reward: 10_000,
    },
  ],
  incomeCapMultiple: null,
};

/**
 * A stored version, read: keys it predates come from PLAN_DEFAULTS (version 1 held only the time
 * zone and the missed-days rule, and nothing else was paid under it), then the whole is validated.
 */
export const readPlanDocument = (stored: unknown) =>
  planDocument.safeParse({
    ...PLAN_DEFAULTS,
    ...(stored && typeof stored === 'object' ? stored : {}),
  });

/** GET operator/plan and the answer of a publish. */
export const planVersionView = z.object({
  version: z.number(),
  createdAt: z.string(),
  /** The operator who published it; null for versions from the migrations. */
  publishedBy: z.string().nullable(),
  document: planDocument,
});
export type PlanVersionView = z.infer<typeof planVersionView>;

/** POST operator/plan/preview and POST operator/plan: the whole draft document. */
export const planDraftBody = z.object({ document: planDocument });
export type PlanDraftBody = z.input<typeof planDraftBody>;

/** Income by kind in dollars, as the preview reports it. */
export const planIncomeTotals = z.object({ ...teamIncomeTotals, total: z.number() });
export type PlanIncomeTotals = z.infer<typeof planIncomeTotals>;

/** What the sample team would have earned under the plan in force and under the draft. */
export const planPreviewData = z.object({
  /** The scenario in words: the team, its purchases and claims. */
  sample: z.string(),
  current: z.object({ version: z.number(), earnings: planIncomeTotals }),
  draft: z.object({ earnings: planIncomeTotals }),
});
export type PlanPreviewData = z.infer<typeof planPreviewData>;
