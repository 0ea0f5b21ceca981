import CancelRounded from '@mui/icons-material/CancelRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorRounded from '@mui/icons-material/ErrorRounded';
import HourglassTopRounded from '@mui/icons-material/HourglassTopRounded';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { EmptyState, type EmptyStateTone } from '../../../components/empty-state.tsx';
import { LinkButton } from '../../../components/link-button.tsx';
import { paths } from '../../../config/paths.ts';
import { paymentOutcomes, type PaymentStatus } from '../utils/payment-outcomes.ts';

const icons: Record<PaymentStatus, { icon: ReactNode; tone: EmptyStateTone }> = {
  success: { icon: <CheckCircleRounded />, tone: 'success' },
  pending: { icon: <HourglassTopRounded />, tone: 'warning' },
  failed: { icon: <ErrorRounded />, tone: 'error' },
  cancelled: { icon: <CancelRounded />, tone: 'primary' },
};

/** What the gateway's answer means and where to go next. */
export function PaymentOutcome({ status }: { status: PaymentStatus }) {
  const { headline, nextSteps, primary } = paymentOutcomes[status];
  const history = (
    <LinkButton
      key="history"
      to={paths.depositHistory}
      variant={primary === 'history' ? 'contained' : 'outlined'}
    >
      Deposit history
    </LinkButton>
  );
  const deposit = (
    <LinkButton
      key="deposit"
      to={paths.deposits}
      variant={primary === 'deposit' ? 'contained' : 'outlined'}
    >
      Deposit again
    </LinkButton>
  );
  return (
    <Paper variant="outlined">
      <EmptyState
        icon={icons[status].icon}
        tone={icons[status].tone}
        title={headline}
        titleComponent="h2"
        description={nextSteps}
        action={
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'center' }}
          >
            {primary === 'history' ? [history, deposit] : [deposit, history]}
            <LinkButton to={paths.dashboard}>Dashboard</LinkButton>
          </Stack>
        }
      />
    </Paper>
  );
}
