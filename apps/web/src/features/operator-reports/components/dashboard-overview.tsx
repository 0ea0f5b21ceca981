import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { lazy, type ReactNode } from 'react';
import { AfterFirstPaint } from '../../../components/after-first-paint.tsx';
import { CardPlaceholder } from '../../../components/card-placeholder.tsx';
import { FigureGridSkeleton } from '../../../components/figure-grid-skeleton.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { useDashboard } from '../api/get-dashboard.ts';
import { CHART_HEIGHT } from './chart-height.ts';
import { DashboardFigures, FIVE_COLUMNS } from './dashboard-figures.tsx';
import { LiabilitySummary } from './liability-summary.tsx';
import { ReconciliationChip } from './reconciliation-chip.tsx';

// The charts library is the heaviest part of the console: it loads after the first paint (both
// charts come in the one chunk).
const charts = () => import('./dashboard-charts.tsx');
const MoneyChart = lazy(() => charts().then((module) => ({ default: module.MoneyChart })));
const MembersChart = lazy(() => charts().then((module) => ({ default: module.MembersChart })));

const MONEY_CHART = 'Money in and out, last 14 days';
const MEMBERS_CHART = 'New members, last 14 days';
// Caption, summary line and padding around the chart's own height.
const CHART_CARD_HEIGHT = CHART_HEIGHT + 90;

function OverviewSkeleton() {
  return (
    <Stack spacing={3}>
      <FigureGridSkeleton label="Loading today's figures" count={4} />
      <FigureGridSkeleton label="Loading this week's figures" count={4} />
      <FigureGridSkeleton label="Loading the work queues" count={5} columns={FIVE_COLUMNS} />
    </Stack>
  );
}

/** A chart's place: its caption and a skeleton of its height until the library has loaded. */
function ChartPlace({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AfterFirstPaint
      fallback={
        <Box sx={{ height: CHART_CARD_HEIGHT }}>
          <CardPlaceholder title={title} label={`Loading the chart: ${title}`} />
        </Box>
      }
    >
      {children}
    </AfterFirstPaint>
  );
}

/** The overview: figures, queues, the liability summary, reconciliation and the charts. */
export function DashboardOverview() {
  const { data, isPending, isError, refetch } = useDashboard();
  if (isPending) return <OverviewSkeleton />;
  if (isError)
    return (
      <QueryError message="The overview could not be loaded." onRetry={() => void refetch()} />
    );
  const { money } = data;
  return (
    <Stack spacing={3}>
      {money && (
        <Box>
          <ReconciliationChip {...money.reconciliation} isLink />
        </Box>
      )}
      <DashboardFigures data={data} />
      <Grid container spacing={2}>
        {money && (
          <>
            <Grid size={{ xs: 12, md: 7, lg: 8 }}>
              <ChartPlace title={MONEY_CHART}>
                <MoneyChart series={money.series} />
              </ChartPlace>
            </Grid>
            <Grid size={{ xs: 12, md: 5, lg: 4 }}>
              <LiabilitySummary liabilities={money.liabilities} />
            </Grid>
          </>
        )}
        <Grid size={12}>
          <ChartPlace title={MEMBERS_CHART}>
            <MembersChart series={data.memberSeries} />
          </ChartPlace>
        </Grid>
      </Grid>
    </Stack>
  );
}
