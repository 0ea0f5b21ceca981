import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Money } from './money.tsx';

type Props = {
  /** What the balance is, e.g. "Fund wallet"; also the figure's accessible name. */
  label: string;
  /** Dollars; undefined while the wallets load. */
  value: number | undefined;
  /** The figure's accessible name when it differs from the label. */
  ariaLabel?: string;
};

/** A wallet's balance beside a money form's amount: the label, then the figure to 4 decimals. */
export function BalanceLine({ label, value, ariaLabel = label }: Props) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {value === undefined ? (
        <Typography variant="body2">…</Typography>
      ) : (
        <Money
          value={value}
          decimals={4}
          variant="body2"
          sx={{ fontWeight: 700 }}
          aria-label={ariaLabel}
        />
      )}
    </Stack>
  );
}
