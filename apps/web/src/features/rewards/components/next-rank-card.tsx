import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CardPlaceholder } from '../../../components/card-placeholder.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { RankProgress } from '../../../components/rank-progress.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useRewards } from '../api/get-rewards.ts';

/**
 * The rank held and the bars to the next one, with the way to every rank and reward. Fills its
 * parent (the dashboard gives it a fixed height) under the title the dashboard names it by.
 */
export function NextRankCard({ title }: { title: string }) {
  const { data, isPending, isError, refetch } = useRewards();
  if (isPending) return <CardPlaceholder title={title} label="Loading your rank" />;
  if (isError)
    return <QueryError message="Your rank could not be loaded." onRetry={() => void refetch()} />;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="next-rank-title"
      sx={{ p: 2, height: '100%' }}
    >
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Typography
            id="next-rank-title"
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 700 }}
          >
            {title}
          </Typography>
          <TextLink to={paths.rewards}>All ranks</TextLink>
        </Stack>
        <RankProgress progress={data} />
      </Stack>
    </Paper>
  );
}
