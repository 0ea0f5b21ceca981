import Stack from '@mui/material/Stack';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferralTeamList } from '../../features/team/components/referral-team-list.tsx';
import { TeamSummary } from '../../features/team/components/team-summary.tsx';
import { screens } from '../screens.ts';

export default function ReferralTeamRoute() {
  return (
    <>
      <PageHeader title={screens.referralTeam.title} subtitle={screens.referralTeam.summary} />
      <Stack spacing={3}>
        <TeamSummary />
        <ReferralTeamList />
      </Stack>
    </>
  );
}
