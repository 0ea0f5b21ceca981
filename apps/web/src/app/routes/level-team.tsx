import Stack from '@mui/material/Stack';
import { PageHeader } from '../../components/page-header.tsx';
import { LevelTeam } from '../../features/team/components/level-team.tsx';
import { TeamSummary } from '../../features/team/components/team-summary.tsx';
import { screens } from '../screens.ts';

export default function LevelTeamRoute() {
  return (
    <>
      <PageHeader title={screens.levelTeam.title} subtitle={screens.levelTeam.summary} />
      <Stack spacing={3}>
        <TeamSummary />
        <LevelTeam />
      </Stack>
    </>
  );
}
