import { walletLabels, type WithdrawalView } from '@app/contracts';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyableText } from '../../../components/copyable-text.tsx';
import { Money } from '../../../components/money.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { paidAt } from '../utils/paid-at.ts';

/** Paid withdrawals on phones: the net paid, the transaction to copy, when and from where. */
export function PayoutCards({ payouts }: { payouts: WithdrawalView[] }) {
  return (
    <Stack component="ul" spacing={1.5} aria-label="Payouts" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {payouts.map((payout) => (
        <Paper key={payout.id} component="li" variant="outlined" sx={{ p: 2 }}>
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}
          >
            <Money value={payout.netAmount} decimals="amount" sx={{ fontWeight: 700 }} />
            <Typography variant="body2" color="text.secondary">
              of <Money value={payout.amount} decimals="amount" variant="body2" /> from{' '}
              {walletLabels[payout.wallet].toLowerCase()}
            </Typography>
          </Stack>
          {payout.txHash && <CopyableText text={payout.txHash} label="Transaction hash" />}
          <Typography variant="body2" color="text.secondary">
            Paid {formatDateTime(paidAt(payout))}
          </Typography>
        </Paper>
      ))}
    </Stack>
  );
}
