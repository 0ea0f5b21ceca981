import type { TradeIncomeRecord } from '@app/contracts';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Money } from '../../../components/money.tsx';
import { formatDateTime, formatDay } from '../../../lib/format.ts';

/** Trade income on phones: one card per claimed package day. */
export function TradeIncomeCards({ records }: { records: TradeIncomeRecord[] }) {
  return (
    <Stack
      component="ul"
      spacing={1.5}
      aria-label="Trade income"
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {records.map((record) => (
        <Paper key={record.id} component="li" variant="outlined" sx={{ p: 2 }}>
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}
          >
            <Typography sx={{ fontWeight: 600, minWidth: 0 }} noWrap>
              {record.packageName} · Day {record.dayNumber}
            </Typography>
            <Money value={record.amount} decimals="amount" sx={{ fontWeight: 700 }} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            Earned {formatDay(record.period)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Claimed {formatDateTime(record.createdAt)}
          </Typography>
        </Paper>
      ))}
    </Stack>
  );
}
