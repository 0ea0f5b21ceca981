// How dollar amounts are shown, written once so every screen shows them the same way
// (docs/product/numbers.md). The rules: always with `$`; a falsy (or non-numeric) value shows 0;
// a value with more than 4 decimal places shows 4; balances show 2 decimals on cards and 4 in the
// header; every other amount shows cents, and 4 decimals when it carries fractions of a cent
// (never 1 or 3), so amounts side by side line up. Notifications and mails write the same
// (formatAmount, from micro-dollars).

/**
 * - `2`, `4`: exactly that many decimals (a card's balance, the header's balances);
 * - `'amount'`: everywhere else: 2 decimals, or 4 when the value has fractions of a cent
 *   ($28.00, $0.9450, $3.7037).
 */
export type MoneyFormat = 2 | 4 | 'amount';

export type MoneyFormatOptions = {
  /** A sign on every value, + included (statement lines: +$5.25, -$500.00). */
  isSigned?: boolean;
};

const MAX_DECIMALS = 4;
const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(minimum: number, maximum: number, isSigned: boolean): Intl.NumberFormat {
  const cacheKey = `${minimum}:${maximum}:${isSigned}`;
  let formatter = formatters.get(cacheKey);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: minimum,
      maximumFractionDigits: maximum,
      signDisplay: isSigned ? 'always' : 'auto',
    });
    formatters.set(cacheKey, formatter);
  }
  return formatter;
}

/** Decimal places of a number as JavaScript writes it (1.5 → 1, 1e-7 → 7). */
function decimalPlaces(value: number): number {
  const [mantissa = '', exponent] = String(Math.abs(value)).split(/e/i);
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

const CENTS = 2;

function fractionDigits(value: number, format: MoneyFormat): [number, number] {
  if (format === 'amount') {
    // Fractions of a cent show all 4 places (0.000001 → 0.0000), whole cents show 2.
    const shown = decimalPlaces(value) > CENTS ? MAX_DECIMALS : CENTS;
    return [shown, shown];
  }
  return [format, format];
}

/** A dollar amount by the display rules above: formatMoney(1234.5, 2) is "$1,234.50". */
export function formatMoney(
  value: number | string | null | undefined,
  format: MoneyFormat,
  { isSigned = false }: MoneyFormatOptions = {},
): string {
  const numeric = typeof value === 'string' ? Number(value) : value;
  const shown = numeric && Number.isFinite(numeric) ? numeric : 0;
  const [minimum, maximum] = fractionDigits(shown, format);
  return numberFormat(minimum, maximum, isSigned).format(shown);
}
