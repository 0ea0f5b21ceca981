import type { TeamInfoData } from '@app/contracts';
import { FigureGridSkeleton } from '../../../components/figure-grid-skeleton.tsx';
import { FigureGrid } from '../../../components/figure-grid.tsx';
import { Money } from '../../../components/money.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { useTeamInfo } from '../api/get-team-info.ts';

const LABEL = 'Team summary';

const figuresOf = (info: TeamInfoData) => [
  { label: 'Direct referrals', value: info.direct, hint: 'your level 1' },
  { label: 'Active directs', value: info.activeDirects, hint: 'with a package' },
  { label: 'Team size', value: info.total, hint: `${info.active} active, levels 1–10` },
  {
    label: 'Team business',
    value: <Money value={info.business} decimals="amount" />,
    hint: (
      <>
        <Money value={info.weeklyBusiness} decimals="amount" /> this week
      </>
    ),
  },
];

/** The team at a glance: directs, active directs, team size and business (this week's too). */
export function TeamSummary() {
  const { data, isPending, isError, refetch } = useTeamInfo();
  if (isPending) return <FigureGridSkeleton label={`Loading ${LABEL.toLowerCase()}`} count={4} />;
  if (isError)
    return (
      <QueryError message="Your team summary could not be loaded." onRetry={() => void refetch()} />
    );
  return <FigureGrid label={LABEL} figures={figuresOf(data)} />;
}
