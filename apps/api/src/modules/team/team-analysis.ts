import { sql } from 'drizzle-orm';
import { microsToDollars, type TeamAnalysisData } from '@app/contracts';
import { queryRows, type Executor } from '../../db/client.ts';
import { addDays, weekStartSql, type Plan } from '../../core/plan.ts';
import { readRankProgress } from './rank-progress.ts';
import type { TeamFigures } from '../../core/team-info.ts';

// The team analysis charts, from the rollups: business per level (the level rows), growth per
// week (the week rows), the legs (the directs' leg figures, strongest first from their index) and
// the rank progress. The legs not listed are the team's totals minus the listed ones.

/** Legs listed one by one; the rest are summed. */
const LEGS_LISTED = 10;

type WeekRow = { week_start: string; joined: number; business: string };
type LegRow = { name: string; referral_code: string; leg_business: string; leg_size: number };

export async function readTeamAnalysis(
  db: Executor,
  memberId: string,
  weeks: number,
  input: { now: Date; plan: Plan; figures: TeamFigures },
): Promise<TeamAnalysisData> {
  const { now, plan, figures } = input;
  const [[current], legs] = await Promise.all([
    queryRows<{ week: string }>(
      db,
      sql`select ${weekStartSql(now, plan.settings.timeZone)}::text as week`,
    ),
    queryRows<LegRow>(
      db,
      sql`select m.name, m.referral_code, tm.leg_business::text, tm.leg_size
      from team_members tm join members m on m.id = tm.member_id
      where tm.sponsor_id = ${memberId}::uuid
      order by tm.leg_business desc, tm.member_id limit ${LEGS_LISTED}`,
    ),
  ]);
  const first = addDays(current!.week, -7 * (weeks - 1));
  const rows = await queryRows<WeekRow>(
    db,
    sql`select week_start::text, joined, business::text from team_weeks
    where member_id = ${memberId}::uuid and week_start >= ${first}::date order by week_start`,
  );
  const byWeek = new Map(rows.map((row) => [row.week_start, row]));
  // The team's size at the end of each week: today's size less those who joined after it.
  let members = figures.total;
  const growth = Array.from({ length: weeks }, (_, index) =>
    addDays(current!.week, -7 * index),
  ).map((weekStart) => {
    const row = byWeek.get(weekStart);
    const point = {
      weekStart,
      joined: row?.joined ?? 0,
      business: microsToDollars(BigInt(row?.business ?? 0)),
      members,
    };
    members -= point.joined;
    return point;
  });
  const listedBusiness = legs.reduce((sum, leg) => sum + BigInt(leg.leg_business), 0n);
  const listedMembers = legs.reduce((sum, leg) => sum + leg.leg_size, 0);
  return {
    levels: figures.levels,
    growth: growth.reverse(),
    legs: legs.map((leg) => ({
      name: leg.name,
      referralCode: leg.referral_code,
      business: microsToDollars(BigInt(leg.leg_business)),
      members: leg.leg_size,
    })),
    otherLegs: {
      count: Math.max(0, figures.direct - legs.length),
      business: microsToDollars(figures.teamBusinessMicros - listedBusiness),
      members: figures.total - listedMembers,
    },
    rank: await readRankProgress(db, memberId, plan, figures),
  };
}
