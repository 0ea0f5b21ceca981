import { sql } from 'drizzle-orm';
import {
  microsToDollars,
  TEAM_LEVELS,
  type TeamInfoData,
  type TeamLevelView,
} from '@app/contracts';
import { queryRows, type Executor } from '../db/client.ts';
import { weekStartSql } from './plan.ts';

// Team figures come from the rollups (decision 0020): the member's row, their 10 level rows and
// this week's row, a handful of primary-key reads whatever the size of the team.

export type TeamFigures = TeamInfoData & { teamBusinessMicros: bigint };

type FiguresRow = {
  team_business: string;
  team_size: number;
  levels: { level: number; members: number; active: number; business: string }[] | null;
  week_business: string | null;
};

/** Levels 1 to 10, each present (an empty level reads as zeros). */
function allLevels(rows: FiguresRow['levels']): TeamLevelView[] {
  const byLevel = new Map((rows ?? []).map((row) => [row.level, row]));
  return Array.from({ length: TEAM_LEVELS }, (_, index) => {
    const row = byLevel.get(index + 1);
    return {
      level: index + 1,
      members: row?.members ?? 0,
      active: row?.active ?? 0,
      business: microsToDollars(BigInt(row?.business ?? 0)),
    };
  });
}

/** GET auth/team-info */
export async function readTeamInfo(
  db: Executor,
  memberId: string,
  now: Date,
  timeZone: string,
): Promise<TeamFigures> {
  const [row] = await queryRows<FiguresRow>(
    db,
    sql`
    select tm.team_business::text, tm.team_size,
      (select json_agg(json_build_object('level', l.level, 'members', l.members, 'active', l.active,
          'business', l.business::text) order by l.level)
        from team_levels l where l.member_id = tm.member_id) as levels,
      (select w.business::text from team_weeks w
        where w.member_id = tm.member_id and w.week_start = ${weekStartSql(now, timeZone)}) as week_business
    from team_members tm where tm.member_id = ${memberId}::uuid`,
  );
  const levels = allLevels(row?.levels ?? null);
  const teamBusinessMicros = BigInt(row?.team_business ?? 0);
  return {
    direct: levels[0]!.members,
    activeDirects: levels[0]!.active,
    total: row?.team_size ?? 0,
    active: levels.reduce((sum, level) => sum + level.active, 0),
    business: microsToDollars(teamBusinessMicros),
    weeklyBusiness: microsToDollars(BigInt(row?.week_business ?? 0)),
    levels,
    teamBusinessMicros,
  };
}
