import { formatUsd, formatUsdDisplay } from '@app/contracts';
import Typography, { type TypographyProps } from '@mui/material/Typography';

type Props = Omit<TypographyProps, 'children'> & {
  value: number | null | undefined;
  /** 4 in the header, 2 on cards; 'display' applies the seed's up-to-4-decimals rule. */
  decimals: 2 | 4 | 'display';
};

/** A dollar amount, always through the contracts' formatters so every screen agrees. */
export function Money({ value, decimals, sx, ...props }: Props) {
  const text = decimals === 'display' ? formatUsdDisplay(value) : formatUsd(value, decimals);
  return (
    <Typography component="span" sx={{ fontVariantNumeric: 'tabular-nums', ...sx }} {...props}>
      {text}
    </Typography>
  );
}
