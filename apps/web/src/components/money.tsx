import { formatMoney, type MoneyFormat } from '@app/contracts';
import Typography, { type TypographyProps } from '@mui/material/Typography';

type Props = Omit<TypographyProps, 'children'> & {
  value: number | null | undefined;
  /**
   * 4 in the header, 2 on cards; 'amount' everywhere else: cents, or 4 decimals when the
   * value carries fractions of a cent ($0.30, $3.7037).
   */
  decimals: MoneyFormat;
  /** A sign on every value (+$5.00 for a credit). */
  isSigned?: boolean;
};

/**
 * A dollar amount, always through the one formatter so every screen agrees. It takes the
 * font of where it stands (a table cell, a detail line) unless given a variant.
 */
export function Money({ value, decimals, isSigned, variant = 'inherit', sx, ...props }: Props) {
  return (
    <Typography
      component="span"
      variant={variant}
      sx={{ fontVariantNumeric: 'tabular-nums', ...sx }}
      {...props}
    >
      {formatMoney(value, decimals, { isSigned })}
    </Typography>
  );
}
