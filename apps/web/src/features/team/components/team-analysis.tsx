import InsightsRounded from '@mui/icons-material/InsightsRounded';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { QueryStates } from '../../../components/query-states.tsx';
import { RankProgress } from '../../../components/rank-progress.tsx';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useTeamAnalysis } from '../api/get-team-analysis.ts';
import { LegsChart } from './legs-chart.tsx';
import { LevelBusinessChart } from './level-business-chart.tsx';
import { TeamGrowthChart } from './team-growth-chart.tsx';
import { DEFAULT_WEEKS, WEEK_SPANS, WeeksSelect } from './weeks-select.tsx';
import { ShareLinkAction } from './share-link-action.tsx';

const filterKeys = ['weeks'] as const;

// Another span in the address (?weeks=8, hand-edited) falls back to the default.
const readWeeks = (value: string | undefined) =>
  WEEK_SPANS.find((weeks) => String(weeks) === value) ?? DEFAULT_WEEKS;

/** The team in charts: business per level, growth by week, the legs, and the next rank. */
export function TeamAnalysis() {
  const { filters, setFilters } = useListParams(filterKeys);
  const weeks = readWeeks(filters.weeks);
  const analysis = useTeamAnalysis(useMemo(() => ({ weeks }), [weeks]));
  return (
    <Stack spacing={2}>
      <WeeksSelect
        value={weeks}
        onChange={(next) =>
          setFilters({ weeks: next === DEFAULT_WEEKS ? undefined : String(next) })
        }
      />
      <QueryStates
        query={analysis}
        label="Team analysis"
        errorMessage="Your team analysis could not be loaded."
        empty={{
          icon: <InsightsRounded />,
          title: 'No team to analyse yet',
          description:
            'Once members join with your referral link, their business per level, your growth week by week and your legs are charted here.',
          action: <ShareLinkAction />,
        }}
        isEmpty={(data) => data.levels.every((level) => level.members === 0)}
      >
        {(data) => (
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <LevelBusinessChart levels={data.levels} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TeamGrowthChart growth={data.growth} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <LegsChart legs={data.legs} otherLegs={data.otherLegs} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Paper
                variant="outlined"
                component="section"
                aria-labelledby="next-rank"
                sx={{ p: 2, height: '100%' }}
              >
                <Typography
                  id="next-rank"
                  variant="subtitle1"
                  component="h2"
                  sx={{ fontWeight: 700, mb: 1.5 }}
                >
                  Progress to the next rank
                </Typography>
                <RankProgress progress={data.rank} />
              </Paper>
            </Grid>
          </Grid>
        )}
      </QueryStates>
    </Stack>
  );
}
