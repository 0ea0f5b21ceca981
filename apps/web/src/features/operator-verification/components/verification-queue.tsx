import BadgeRounded from '@mui/icons-material/BadgeRounded';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useQueueParams } from '../hooks/use-queue-params.ts';
import { QueueList } from './queue-list.tsx';
import { SubmissionDetail } from './submission-detail.tsx';

/**
 * The verification queue. From 1200 px the list and the open submission sit side by side;
 * below, each has the screen, the submission with a way back to the list. `canReview`: admin
 * and support open documents and decide; finance reads the status.
 */
export function VerificationQueue({ canReview }: { canReview: boolean }) {
  const queue = useQueueParams();
  const { breakpoints } = useTheme();
  const isWide = useMediaQuery(breakpoints.up('lg'));
  const detail = (backHref?: string) =>
    queue.submissionId && (
      <SubmissionDetail
        key={queue.submissionId}
        submissionId={queue.submissionId}
        canReview={canReview}
        backHref={backHref}
      />
    );

  if (!isWide) return detail(queue.hrefOf(null)) || <QueueList queue={queue} />;
  return (
    <Grid container spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Grid size={5}>
        <QueueList queue={queue} selectedId={queue.submissionId ?? undefined} />
      </Grid>
      <Grid size={7}>
        {detail() || (
          <Paper variant="outlined">
            <EmptyState
              icon={<BadgeRounded />}
              title="Choose a submission"
              description="Its member, details and documents, and the decision, show here."
            />
          </Paper>
        )}
      </Grid>
    </Grid>
  );
}
