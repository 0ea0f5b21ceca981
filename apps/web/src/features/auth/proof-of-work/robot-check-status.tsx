import Typography from '@mui/material/Typography';
import type { RobotCheckStatus as Status } from './use-proof-of-work.ts';

const TEXT: Record<Status, string> = {
  idle: '',
  working: 'Checking that this is not a robot…',
  ready: 'Robot check done.',
  failed: 'The robot check could not run. You can still send the form.',
};

/**
 * The robot check's state in words, for everyone and for screen readers (a polite live region
 * named "Robot check"): nothing to click, the check runs by itself.
 */
export function RobotCheckStatus({ status }: { status: Status }) {
  return (
    <Typography
      role="status"
      aria-label="Robot check"
      aria-live="polite"
      variant="caption"
      color="text.secondary"
      sx={{ minHeight: '1.25em' }}
    >
      {TEXT[status]}
    </Typography>
  );
}
