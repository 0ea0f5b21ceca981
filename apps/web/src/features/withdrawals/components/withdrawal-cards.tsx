import type { WithdrawalView } from '@app/contracts';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyableText } from '../../../components/copyable-text.tsx';
import { DetailList } from '../../../components/detail-list.tsx';
import { Money } from '../../../components/money.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { WithdrawalStatusChip } from './withdrawal-status-chip.tsx';

const money = (value: number) => <Money value={value} decimals="amount" sx={{ font: 'inherit' }} />;

/** Withdrawals on phones: one card each with the amount and status on top. */
export function WithdrawalCards({
  withdrawals,
  label,
}: {
  withdrawals: WithdrawalView[];
  label: string;
}) {
  return (
    <Stack component="ul" spacing={1.5} aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {withdrawals.map((withdrawal) => (
        <Paper key={withdrawal.id} component="li" variant="outlined" sx={{ p: 2 }}>
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1 }}
          >
            <Money value={withdrawal.amount} decimals="amount" sx={{ fontWeight: 700 }} />
            <WithdrawalStatusChip status={withdrawal.status} />
          </Stack>
          <DetailList
            dense
            items={[
              { label: 'Fee', value: money(withdrawal.fee) },
              { label: 'Net', value: money(withdrawal.netAmount) },
              {
                label: 'Address',
                value: <CopyableText text={withdrawal.address} label="Address" />,
              },
              ...(withdrawal.txHash
                ? [
                    {
                      label: 'Transaction',
                      value: <CopyableText text={withdrawal.txHash} label="Transaction hash" />,
                    },
                  ]
                : []),
              ...(withdrawal.reason ? [{ label: 'Reason', value: withdrawal.reason }] : []),
            ]}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Requested {formatDateTime(withdrawal.createdAt)}
          </Typography>
        </Paper>
      ))}
    </Stack>
  );
}
