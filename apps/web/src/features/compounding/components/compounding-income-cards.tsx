import type { CompoundingIncomeRecord } from '@app/contracts';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Money } from '../../../components/money.tsx';
import {
  formatDateTime,
  formatDay,
  formatPercentage,
  formatUsdAmount,
} from '../../../lib/format.ts';

/** Compounding income on phones: one card per business day. */
export function CompoundingIncomeCards({ records }: { records: CompoundingIncomeRecord[] }) {
  return (
    <Stack
      component="ul"
      spacing={1.5}
      aria-label="Compounding income"
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {records.map((record) => (
        <Paper key={record.id} component="li" variant="outlined" sx={{ p: 2 }}>
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}
          >
            <Typography sx={{ fontWeight: 600 }}>{formatDay(record.period)}</Typography>
            <Money value={record.amount} decimals="amount" sx={{ fontWeight: 700 }} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {formatPercentage(record.rate)} of {formatUsdAmount(record.baseAmount)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Credited {formatDateTime(record.createdAt)}
          </Typography>
        </Paper>
      ))}
    </Stack>
  );
}
