import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { lazy } from 'react';
import { AfterFirstPaint } from '../../../components/after-first-paint.tsx';
import { CardPlaceholder } from '../../../components/card-placeholder.tsx';
import { FigureGridSkeleton } from '../../../components/figure-grid-skeleton.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { useDashboard } from '../api/get-dashboard.ts';
import { CHART_HEIGHT } from './chart-height.ts';
import { DashboardFigures } from './dashboard-figures.tsx';
import { LiabilitySummary } from './liability-summary.tsx';
import { ReconciliationChip } from './reconciliation-chip.tsx';

// The charts library is the heaviest part of the console: it loads after the first paint.
const DashboardCharts = lazy(() =>
  import('./dashboard-charts.tsx').then((module) => ({ default: module.DashboardCharts })),
);

const CHARTS = 'Last 14 days';
// Caption, summary line and padding around the chart's own height.
const CHART_CARD_HEIGHT = CHART_HEIGHT + 90;

function OverviewSkeleton() {
  return (
    <Stack spacing={3}>
      <FigureGridSkeleton label="Loading today's figures" count={4} />
      <FigureGridSkeleton label="Loading this week's figures" count={4} />
      <FigureGridSkeleton label="Loading the work queues" count={4} />
    </Stack>
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
        <Grid size={{ xs: 12, md: money ? 8 : 12 }}>
          <AfterFirstPaint
            fallback={
              <Box sx={{ height: CHART_CARD_HEIGHT }}>
                <CardPlaceholder title={CHARTS} label="Loading the charts" />
              </Box>
            }
          >
            <DashboardCharts data={data} />
          </AfterFirstPaint>
        </Grid>
        {money && (
          <Grid size={{ xs: 12, md: 4 }}>
            <LiabilitySummary liabilities={money.liabilities} />
          </Grid>
        )}
      </Grid>
    </Stack>
  );
}
