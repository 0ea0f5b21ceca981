import { PageHeader } from '../../components/page-header.tsx';
import { TeamAnalysis } from '../../features/team/components/team-analysis.tsx';
import { screens } from '../screens.ts';

// Its own lazy route: the charts library loads with this screen and the dashboard's chart, never
// with the sign-in or the dashboard's first load.
export default function TeamAnalysisRoute() {
  return (
    <>
      <PageHeader title={screens.teamAnalysis.title} subtitle={screens.teamAnalysis.summary} />
      <TeamAnalysis />
    </>
  );
}
