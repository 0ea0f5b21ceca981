import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { useVerification } from '../api/verification.ts';
import { VerificationForm } from './verification-form.tsx';
import { VerificationStatusNotice } from './verification-status.tsx';

/** The /verification screen: the status, and the form while there is something to send. */
export function VerificationScreen() {
  const verification = useVerification();
  if (verification.isPending)
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
        <SkeletonRows rows={5} height={56} label="Loading your verification" />
      </Paper>
    );
  if (verification.isError)
    return (
      <QueryError
        message="Your verification could not be loaded."
        onRetry={() => void verification.refetch()}
      />
    );
  const { data } = verification;
  const open = !['submitted', 'approved'].includes(data.status);
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <VerificationStatusNotice data={data} />
      {open && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          {/* Keyed by the last decision: a new answer starts the form from what it kept. */}
          <VerificationForm key={data.decidedAt ?? 'new'} data={data} />
        </Paper>
      )}
    </Stack>
  );
}
