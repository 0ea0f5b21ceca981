import { PageHeader } from '../../components/page-header.tsx';
import { RewardsOverview } from '../../features/rewards/components/rewards-overview.tsx';
import { screens } from '../screens.ts';

export default function RewardsRoute() {
  return (
    <>
      <PageHeader title={screens.rewards.title} subtitle={screens.rewards.summary} />
      <RewardsOverview />
    </>
  );
}
