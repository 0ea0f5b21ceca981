import { useTeamListQuery } from '../hooks/use-team-list-query.ts';
import { LevelMembers } from './level-members.tsx';
import { LevelsOverview } from './levels-overview.tsx';

/**
 * The ten levels, or the members of the one chosen in the address (`?level=3`). Keyed by level:
 * another level starts with an empty search box and never shows the last level's rows.
 */
export function LevelTeam() {
  const { level } = useTeamListQuery();
  return level ? <LevelMembers key={level} level={level} /> : <LevelsOverview />;
}
