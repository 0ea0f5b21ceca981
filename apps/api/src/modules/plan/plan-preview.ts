import { microsToDollars, type PlanIncomeTotals, type PlanPreviewData } from '@app/contracts';
import { PlanModel, type ModelEvent } from '../../core/plan-model.ts';
import type { Plan, PlanSettings } from '../../core/plan.ts';

// The preview of a draft plan: one sample team run through the plain model of the plan (the one
// the property tests hold the database to), under the plan in force and under the draft, so an
// operator sees what each would have paid before publishing.

const DAY_MS = 86_400_000;
/** A Monday, so the sample's weeks are whole. */
const SAMPLE_START = Date.UTC(2026, 0, 5, 9);
const SAMPLE_DAYS = 28;
/** Direct referrals of the leader, and of each member below, down the levels. */
const SAMPLE_SHAPE = [4, 3, 2, 2];
const MICROS = 1_000_000n;

export const SAMPLE_DESCRIPTION =
  'A leader with 4 direct referrals, each with 3 of their own, then 2 and 2 more levels below (88 members ' +
  'over 4 levels). Everyone buys a $500 package (0.40 % a day, 365 days) on day 1, the leader and the ' +
  'directs another $2,500 (0.50 % a day) on day 8; everyone claims their daily profit every day for 4 ' +
  'weeks; the 4 weeks and the month are then paid. Earnings are the whole team’s.';

function sampleEvents(): ModelEvent[] {
  const at = (day: number, hour = 0) => new Date(SAMPLE_START + day * DAY_MS + hour * 3_600_000);
  const events: ModelEvent[] = [{ type: 'join', member: 'm0', sponsor: null, at: at(0) }];
  let level = ['m0'];
  for (const width of SAMPLE_SHAPE) {
    level = level.flatMap((sponsor) =>
      Array.from({ length: width }, (_, index) => {
        const member = `${sponsor}.${index}`;
        events.push({ type: 'join', member, sponsor, at: at(0) });
        return member;
      }),
    );
  }
  const members = events.map((event) => (event.type === 'join' ? event.member : ''));
  const buy = (member: string, dollars: bigint, dailyRate: number, day: number): ModelEvent => ({
    type: 'buy',
    member,
    amount: dollars * MICROS,
    dailyRate,
    totalDays: 365,
    at: at(day, 1),
  });
  members.forEach((member) => events.push(buy(member, 500n, 4_000, 0)));
  for (const member of members.filter((id) => id.split('.').length <= 2))
    events.push(buy(member, 2_500n, 5_000, 7));
  for (let day = 1; day <= SAMPLE_DAYS; day++) {
    for (const member of members) events.push({ type: 'claim', member, at: at(day, 2) });
    events.push({ type: 'expire', at: at(day, 3) }, { type: 'settle', at: at(day, 3) });
  }
  const end = at(SAMPLE_DAYS + 1, 4);
  for (let week = 0; week < SAMPLE_DAYS / 7; week++)
    events.push({
      type: 'weekly',
      weekStart: at(week * 7)
        .toISOString()
        .slice(0, 10),
      at: end,
    });
  events.push(
    { type: 'monthly', month: at(0).toISOString().slice(0, 7), at: end },
    { type: 'settle', at: end },
  );
  return events.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** What the sample team earns under `settings`, by kind, in dollars. */
export function sampleEarnings(settings: PlanSettings): PlanIncomeTotals {
  const model = new PlanModel(settings);
  for (const event of sampleEvents()) model.apply(event);
  const sum = (kind: string) =>
    model.incomes
      .filter((income) => income.kind === kind)
      .reduce((total, income) => total + income.paid, 0n);
  const kinds = {
    referralBonus: sum('referral-bonus'),
    teamLevelBonus: sum('team-level-bonus'),
    teamProfit: sum('team-profit'),
    weeklyIncome: sum('weekly-income'),
    monthlyIncome: sum('monthly-income'),
    reward: sum('reward'),
  };
  const total = Object.values(kinds).reduce((all, amount) => all + amount, 0n);
  return {
    ...(Object.fromEntries(
      Object.entries(kinds).map(([kind, amount]) => [kind, microsToDollars(amount)]),
    ) as Omit<PlanIncomeTotals, 'total'>),
    total: microsToDollars(total),
  };
}

export function previewPlan(current: Plan, draft: PlanSettings): PlanPreviewData {
  return {
    sample: SAMPLE_DESCRIPTION,
    current: { version: current.version, earnings: sampleEarnings(current.settings) },
    draft: { earnings: sampleEarnings(draft) },
  };
}
