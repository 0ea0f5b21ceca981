import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LinkButton } from '../../../components/link-button.tsx';
import { paths } from '../../../config/paths.ts';
import { useVerification } from '../api/verification.ts';
import { VerificationStatusChip } from './verification-status.tsx';

/** The profile's card: where the member's identity verification stands, and the way to it. */
export function VerificationCard() {
  const verification = useVerification();
  const status = verification.data?.status;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="verification-card-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography
            id="verification-card-title"
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 700, flexGrow: 1 }}
          >
            Identity verification
          </Typography>
          {status ? (
            <VerificationStatusChip status={status} />
          ) : (
            <Skeleton variant="rounded" width={96} height={24} aria-label="Loading the status" />
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Your identity document, checked once before larger withdrawals.
        </Typography>
        <LinkButton to={paths.verification} variant="outlined" sx={{ alignSelf: 'flex-start' }}>
          {status === 'approved' || status === 'submitted' ? 'View' : 'Verify your identity'}
        </LinkButton>
      </Stack>
    </Paper>
  );
}
