import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DateRangeFilter, type DateRange } from './date-range-filter.tsx';
import { Money } from './money.tsx';

type Props = DateRange & {
  onChange: (range: Partial<DateRange>) => void;
  /** The total's region name, e.g. "Total trade income". */
  totalLabel: string;
  /** Sum of every record the dates match; undefined while it loads. */
  total: number | undefined;
};

/** Above an income list: the date range, and the total of everything it matches. */
export function IncomeListHeader({ from, to, onChange, totalLabel, total }: Props) {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', md: 'flex-start' } }}
    >
      <DateRangeFilter from={from} to={to} onChange={onChange} />
      <Paper
        variant="outlined"
        component="section"
        aria-label={totalLabel}
        sx={{ px: 2, py: 1.25 }}
      >
        <Typography variant="body2" color="text.secondary">
          {from || to ? 'Total in these dates' : 'Total'}
        </Typography>
        {total === undefined ? (
          <Typography variant="h6">…</Typography>
        ) : (
          <Money value={total} decimals="amount" variant="h6" sx={{ fontWeight: 700 }} />
        )}
      </Paper>
    </Stack>
  );
}
