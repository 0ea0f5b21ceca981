import { formatUsd, formatUsdDisplay } from '@app/contracts';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { formatUsdAmount } from '../lib/format.ts';

type Props = Omit<TypographyProps, 'children'> & {
  value: number | null | undefined;
  /**
   * 4 in the header, 2 on cards; 'display' applies the seed's up-to-4-decimals rule;
   * 'amount' is that rule with cents always shown (profits: $0.30, $3.7037).
   */
  decimals: 2 | 4 | 'display' | 'amount';
};

const format = (value: number | null | undefined, decimals: Props['decimals']) => {
  if (decimals === 'display') return formatUsdDisplay(value);
  if (decimals === 'amount') return formatUsdAmount(value);
  return formatUsd(value, decimals);
};

/** A dollar amount, always through the shared formatters so every screen agrees. */
export function Money({ value, decimals, sx, ...props }: Props) {
  return (
    <Typography component="span" sx={{ fontVariantNumeric: 'tabular-nums', ...sx }} {...props}>
      {format(value, decimals)}
    </Typography>
  );
}
