import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DateRangeFilter, type DateRange } from './date-range-filter.tsx';
import { Money } from './money.tsx';

/** One figure beside an income list's filters: "Total", or "Paid", "Processing", "Not paid". */
export type IncomeTotal = {
  label: string;
  /** Undefined while it loads. */
  amount: number | undefined;
  /** What was not paid reads as secondary, like its rows. */
  isMuted?: boolean;
};

type Props = DateRange & {
  onChange: (range: Partial<DateRange>) => void;
  /** Filters beside the dates (a status). */
  filters?: ReactNode;
  /** The totals' region name, e.g. "Total trade income". */
  totalLabel: string;
  /** Sums of every record the filters match. */
  totals: IncomeTotal[];
};

/** Above an income list: the date range (and other filters), and the totals of what they match. */
export function IncomeListHeader({ from, to, onChange, filters, totalLabel, totals }: Props) {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', md: 'flex-start' } }}
    >
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', flexGrow: 1 }}>
        <DateRangeFilter from={from} to={to} onChange={onChange} />
        {filters}
      </Stack>
      <Paper
        variant="outlined"
        component="section"
        aria-label={totalLabel}
        sx={{ px: 2, py: 1.25, flexShrink: 0 }}
      >
        <Stack
          component="dl"
          direction="row"
          sx={{ m: 0, columnGap: 3, rowGap: 1, flexWrap: 'wrap' }}
        >
          {totals.map((total) => (
            <div key={total.label}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {total.label}
              </Typography>
              <Typography
                component="dd"
                variant="h6"
                sx={{ m: 0, fontWeight: 700, color: total.isMuted ? 'text.secondary' : undefined }}
              >
                {total.amount === undefined ? (
                  '…'
                ) : (
                  <Money value={total.amount} decimals="amount" />
                )}
              </Typography>
            </div>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
