import type { DepositView } from '@app/contracts';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Money } from '../../../components/money.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { providerLabels } from '../utils/deposit-labels.ts';
import { DepositReason, DepositTxHash } from './deposit-details.tsx';
import { DepositStatusChip } from './deposit-status-chip.tsx';

type Props = { deposits: DepositView[]; onAddHash: (deposit: DepositView) => void };

/** Deposits on phones: one card each. */
export function DepositHistoryCards({ deposits, onAddHash }: Props) {
  return (
    <Stack
      component="ul"
      spacing={1.5}
      aria-label="Deposits"
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {deposits.map((deposit) => (
        <Paper key={deposit.id} component="li" variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={1}>
            <Stack
              direction="row"
              sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}
            >
              <Money value={deposit.amount} decimals="amount" sx={{ fontWeight: 700 }} />
              <DepositStatusChip status={deposit.status} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {providerLabels[deposit.provider]} · {formatDateTime(deposit.createdAt)}
            </Typography>
            <DepositReason deposit={deposit} />
            <DepositTxHash deposit={deposit} onAddHash={onAddHash} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
