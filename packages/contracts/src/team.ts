import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.ts';
import { optionalText } from './fields.ts';
import { incomeRecord } from './income.ts';
import { patternMessage } from './messages.ts';
import { TEAM_LEVELS } from './plan.ts';

// The member's team: everyone their referral link brought in, down to 10 levels (level 1 is the
// direct referrals). Team business is the sum of package purchases by the team; a member is
// active while at least one of their packages is.

export const teamLabels = { q: 'Search', level: 'Level' } as const;

/** One member of the team as lists show them (by Registered ID: no internal id leaves the server). */
export const teamMemberView = z.object({
  name: z.string(),
  referralCode: z.string(),
  joinedAt: z.string(),
  /** Levels below the member who asks (1 = a direct referral). */
  level: z.number(),
  /** Who brought them in. */
  sponsor: z.object({ name: z.string(), referralCode: z.string() }).nullable(),
  /** At least one package still earning. */
  active: z.boolean(),
  /** Dollars in their packages still earning. */
  activeInvestment: z.number(),
  /** Every package they ever bought. */
  totalInvestment: z.number(),
  /** Purchases by their own team, levels 1–10 below them. */
  teamBusiness: z.number(),
  teamMembers: z.number(),
});
export type TeamMemberView = z.infer<typeof teamMemberView>;

export const teamMemberPageData = pageOf(teamMemberView);
export type TeamMemberPage = z.infer<typeof teamMemberPageData>;

/** Paging and a search on the name's start or the whole Registered ID. */
export const teamListQuery = pageQuery.extend({ q: optionalText(teamLabels.q, 60) });
export type TeamListQuery = z.infer<typeof teamListQuery>;

/** GET team/level-members: one level of the team. */
export const levelMembersQuery = teamListQuery.extend({
  level: z.coerce
    .number({ error: patternMessage(teamLabels.level) })
    .int(patternMessage(teamLabels.level))
    .min(1, `${teamLabels.level} must be between 1 and ${TEAM_LEVELS}`)
    .max(TEAM_LEVELS, `${teamLabels.level} must be between 1 and ${TEAM_LEVELS}`),
});
export type LevelMembersQuery = z.infer<typeof levelMembersQuery>;

export const teamLevelView = z.object({
  level: z.number(),
  members: z.number(),
  active: z.number(),
  business: z.number(),
});
export type TeamLevelView = z.infer<typeof teamLevelView>;

/** GET auth/team-info */
export const teamInfoData = z.object({
  /** Direct referrals. */
  direct: z.number(),
  activeDirects: z.number(),
  /** Members on levels 1–10. */
  total: z.number(),
  active: z.number(),
  /** Cumulative team business, levels 1–10. */
  business: z.number(),
  /** New team business this week (Monday to Sunday, business days), the base of weekly income. */
  weeklyBusiness: z.number(),
  /** Levels 1 to 10, each listed even when empty. */
  levels: z.array(teamLevelView),
});
export type TeamInfoData = z.infer<typeof teamInfoData>;

/** Progress towards a rank: each requirement as the figure now, the target and a 0–1 share. */
export const rankView = z.object({
  name: z.string(),
  teamBusiness: z.number(),
  activeDirects: z.number(),
  monthlySalary: z.number(),
  reward: z.number(),
  /** Reached at least once (its reward is then earned). */
  achieved: z.boolean(),
  firstReachedAt: z.string().nullable(),
  /** The rank held now. */
  current: z.boolean(),
});
export type RankView = z.infer<typeof rankView>;

export const rankProgressView = z.object({
  /** The rank held now, or null below the first. */
  rank: z.string().nullable(),
  teamBusiness: z.number(),
  activeDirects: z.number(),
  /** The next rank and how far each requirement is; null at the top rank. */
  next: z
    .object({
      name: z.string(),
      teamBusiness: z.number(),
      activeDirects: z.number(),
      businessProgress: z.number(),
      directsProgress: z.number(),
    })
    .nullable(),
});
export type RankProgressView = z.infer<typeof rankProgressView>;

/** GET safe/fetch-sir-reward: the rank, progress to the next, every rank and the rewards earned. */
export const rewardsData = rankProgressView.extend({
  ranks: z.array(rankView),
  rewards: z.array(incomeRecord),
  /** Rewards credited, in dollars. */
  rewardsTotal: z.number(),
});
export type RewardsData = z.infer<typeof rewardsData>;

/** One leg: a direct referral with their team, and the business they bring. */
export const teamLegView = z.object({
  name: z.string(),
  referralCode: z.string(),
  /** Their own purchases plus their team's (levels 1–10 below them). */
  business: z.number(),
  members: z.number(),
});

/** GET team/analysis?weeks= */
export const teamAnalysisQuery = z.object({
  weeks: z.coerce
    .number({ error: patternMessage('weeks') })
    .int(patternMessage('weeks'))
    .min(4, 'weeks must be between 4 and 52')
    .max(52, 'weeks must be between 4 and 52')
    .default(12),
});
export type TeamAnalysisQuery = z.infer<typeof teamAnalysisQuery>;

export const teamAnalysisData = z.object({
  levels: z.array(teamLevelView),
  /** Oldest week first: members who joined and business that week, and the team's size at its end. */
  growth: z.array(
    z.object({
      weekStart: z.string(),
      joined: z.number(),
      business: z.number(),
      members: z.number(),
    }),
  ),
  /** The strongest legs first (at most 10); the rest summed in `otherLegs`. */
  legs: z.array(teamLegView),
  otherLegs: z.object({ count: z.number(), business: z.number(), members: z.number() }),
  rank: rankProgressView,
});
export type TeamAnalysisData = z.infer<typeof teamAnalysisData>;
