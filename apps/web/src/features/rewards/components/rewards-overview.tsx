import EmojiEventsRounded from '@mui/icons-material/EmojiEventsRounded';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LinkButton } from '../../../components/link-button.tsx';
import { QueryStates } from '../../../components/query-states.tsx';
import { RankProgress } from '../../../components/rank-progress.tsx';
import { RecordRows } from '../../../components/record-list.tsx';
import { paths } from '../../../config/paths.ts';
import { useRewards } from '../api/get-rewards.ts';
import { rankColumns, toRankRows } from './rank-columns.tsx';
import { RewardsReceived } from './rewards-received.tsx';

/** The rank held and the way to the next, every rank of the plan, and the rewards received. */
export function RewardsOverview() {
  const rewards = useRewards();
  return (
    <QueryStates
      query={rewards}
      label="Rewards"
      errorMessage="Your ranks and rewards could not be loaded."
      empty={{
        icon: <EmojiEventsRounded />,
        title: 'No ranks in the plan',
        description: 'The plan has no ranks at the moment, so there is nothing to reach.',
        action: (
          <LinkButton to={paths.dashboard} variant="contained">
            Back to dashboard
          </LinkButton>
        ),
      }}
      isEmpty={(data) => data.ranks.length === 0}
    >
      {(data) => (
        <Stack spacing={3}>
          <Paper variant="outlined" component="section" aria-labelledby="rank-now" sx={{ p: 2.5 }}>
            <Typography id="rank-now" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
              Your progress
            </Typography>
            <RankProgress progress={data} />
          </Paper>
          <Stack component="section" aria-labelledby="ranks" spacing={1.5}>
            <Typography id="ranks" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
              Ranks
            </Typography>
            <RecordRows
              records={toRankRows(data.ranks)}
              columns={rankColumns}
              label="Ranks"
              isCurrent={(rank) => rank.current}
            />
          </Stack>
          <RewardsReceived rewards={data.rewards} total={data.rewardsTotal} />
        </Stack>
      )}
    </QueryStates>
  );
}
