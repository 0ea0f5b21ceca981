import { can, type OperatorView } from '@app/contracts';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { usePlanInForce } from '../api/plan.ts';
import { PlanEditor } from './plan-editor.tsx';
import { PlanVersions } from './plan-versions.tsx';
import { PlanView } from './plan-view.tsx';

const TABS = ['current', 'draft', 'versions'] as const;
type PlanTab = (typeof TABS)[number];
const TAB_LABELS: Record<PlanTab, string> = {
  current: 'In force',
  draft: 'Draft',
  versions: 'Versions',
};

/**
 * The plan screen: the version in force, the admin's draft, the history. The tab and the
 * history's page are in the address, so a reload shows the same view (the draft itself is in
 * sessionStorage). Without `plan.publish` there is no draft tab.
 */
export function PlanScreen({ operator }: { operator: OperatorView }) {
  const [params, setParams] = useSearchParams();
  const plan = usePlanInForce();
  const tabs = TABS.filter((tab) => tab !== 'draft' || can(operator.role, 'plan.publish'));
  const asked = params.get('tab') as PlanTab | null;
  const tab: PlanTab = asked && tabs.includes(asked) ? asked : 'current';
  const versionsPage = Math.max(1, Number(params.get('page')) || 1);
  const show = (next: PlanTab, page = 1) =>
    setParams(
      (current) => {
        if (next === 'current') current.delete('tab');
        else current.set('tab', next);
        if (page > 1) current.set('page', String(page));
        else current.delete('page');
        return current;
      },
      { replace: true },
    );

  if (plan.isPending) return <SkeletonRows label="Loading the plan" rows={6} />;
  if (plan.isError)
    return (
      <QueryError message="The plan could not be loaded." onRetry={() => void plan.refetch()} />
    );
  const inForce = plan.data;
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        Version {inForce.version} in force since {formatDateTime(inForce.createdAt)}
        {inForce.publishedBy ? `, published by ${inForce.publishedBy}` : ''}.
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, next: PlanTab) => show(next)}
        aria-label="Plan views"
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {tabs.map((value) => (
          <Tab key={value} value={value} label={TAB_LABELS[value]} />
        ))}
      </Tabs>
      {tab === 'current' && <PlanView plan={inForce.document} />}
      {tab === 'draft' && <PlanEditor inForce={inForce} operatorId={operator.id} />}
      {tab === 'versions' && (
        <PlanVersions page={versionsPage} onPage={(page) => show('versions', page)} />
      )}
    </Stack>
  );
}
