import Typography, { type TypographyProps } from '@mui/material/Typography';
import { formatUsdAmount } from '../../../lib/format.ts';

type Props = Omit<TypographyProps, 'children'> & { value: number };

/** "+$5.00" in green for a credit, "-$500.00" in red for a debit. */
export function signedDollars(value: number): string {
  return `${value < 0 ? '-' : '+'}${formatUsdAmount(Math.abs(value))}`;
}

/** A statement amount: + and green for a credit, - and red for a debit. */
export function SignedAmount({ value, sx, ...props }: Props) {
  return (
    <Typography
      component="span"
      sx={{
        fontVariantNumeric: 'tabular-nums',
        fontWeight: 600,
        whiteSpace: 'nowrap',
        color: value < 0 ? 'error.main' : 'success.main',
        ...sx,
      }}
      {...props}
    >
      {signedDollars(value)}
    </Typography>
  );
}
