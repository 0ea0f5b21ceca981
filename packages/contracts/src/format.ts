// How dollar amounts are shown, written once so every screen shows them the same way. The
// rules: always with `$`; a falsy (or non-numeric) value shows 0; a value with more than 4
// decimal places shows 4; balances show 2 decimals on cards and 4 in the header.

/**
 * - `2`, `4`: exactly that many decimals (a card's balance, the header's balances);
 * - `'display'`: as many decimals as the value has, at most 4 ($12.5, $2.1235);
 * - `'amount'`: cents always, at most 4 decimals ($0.30, $3.7037): for profits, where
 *   2 decimals would hide what was earned and a bare $0.3 reads oddly.
 */
export type MoneyFormat = 2 | 4 | 'display' | 'amount';

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

function fractionDigits(value: number, format: MoneyFormat): [number, number] {
  if (format === 'amount') return [2, MAX_DECIMALS];
  if (format === 'display') {
    const places = decimalPlaces(value);
    // More than 4 places shows exactly 4 (0.000001 → 0.0000), never fewer.
    const shown = places > MAX_DECIMALS ? MAX_DECIMALS : places;
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
