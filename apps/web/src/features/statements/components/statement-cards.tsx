import { walletLabels, type StatementLine } from '@app/contracts';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatUsdAmount } from '../../../lib/format.ts';
import { SignedAmount } from './signed-amount.tsx';

/** The statement on phones: one card per movement. */
export function StatementCards({ lines, label }: { lines: StatementLine[]; label: string }) {
  return (
    <Stack component="ul" spacing={1.5} aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {lines.map((line) => (
        <Paper key={line.id} component="li" variant="outlined" sx={{ p: 2 }}>
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}
          >
            <Typography sx={{ fontWeight: 600, minWidth: 0 }}>{line.description}</Typography>
            <SignedAmount value={line.amount} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {walletLabels[line.wallet]} · {formatDateTime(line.createdAt)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Balance after {formatUsdAmount(line.balanceAfter)}
          </Typography>
        </Paper>
      ))}
    </Stack>
  );
}
