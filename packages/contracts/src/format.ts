// How dollar amounts are shown, written once so every screen shows them the same way
// (docs/product/numbers.md). The rules: always with `$`; a falsy (or non-numeric) value shows 0;
// a value with more than 4 decimal places shows 4; balances show 2 decimals on cards and 4 in the
// header; every other amount shows cents, and 4 decimals when it carries fractions of a cent
// (never 1 or 3), so amounts side by side line up. Notifications and mails write the same
// (formatAmount below, from micro-dollars).

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

/**
 * "$1,234.50" as Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }) writes it
 * with exactly `decimals` decimals and the sign rule of its `signDisplay` ('always' when
 * `isSigned`, else 'auto'). Written out because making the first Intl formatter loads the
 * browser's locale data, a long pause in a slow phone's first render of any balance; a test
 * checks it against Intl itself. Self-contained, using nothing from outside its body: the frame
 * page's early script carries its source to write the balances before the app has loaded.
 */
export function writeDollars(value: number, decimals: number, isSigned = false): string {
  // The digits as JavaScript writes the number (its shortest round-trip form), padded with
  // zeros so that the decimal point falls after the character at `point`: 1e-7 is '00000001'.
  const [mantissa = '0', exponent] = String(Math.abs(value)).split(/e/i);
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const exactPoint = whole.length + Number(exponent ?? 0);
  const digits =
    exactPoint < 1
      ? '0'.repeat(1 - exactPoint) + whole + fraction
      : (whole + fraction).padEnd(exactPoint, '0');
  const point = Math.max(exactPoint, 1);
  let kept = digits.slice(0, point + decimals).padEnd(point + decimals, '0');
  // Half away from zero on that same form, as Intl rounds: 1.005 is "1.01" (toFixed: "1.00").
  if ((digits[point + decimals] ?? '0') >= '5') {
    kept = (BigInt(kept) + 1n).toString().padStart(kept.length, '0');
  }
  const wholePart = kept.slice(0, kept.length - decimals).replace(/^0+(?=\d)/, '');
  const fractionPart = kept.slice(kept.length - decimals);
  const sign = value < 0 ? '-' : isSigned ? '+' : '';
  const grouped = wholePart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${grouped}${fractionPart ? `.${fractionPart}` : ''}`;
}

/** Decimal places of a number as JavaScript writes it (1.5 → 1, 1e-7 → 7). */
function decimalPlaces(value: number): number {
  const [mantissa = '', exponent] = String(Math.abs(value)).split(/e/i);
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

const CENTS = 2;

function fractionDigits(value: number, format: MoneyFormat): number {
  if (format !== 'amount') return format;
  // Fractions of a cent show all 4 places (0.000001 → 0.0000), whole cents show 2.
  return decimalPlaces(value) > CENTS ? MAX_DECIMALS : CENTS;
}

/** A dollar amount by the display rules above: formatMoney(1234.5, 2) is "$1,234.50". */
export function formatMoney(
  value: number | string | null | undefined,
  format: MoneyFormat,
  { isSigned = false }: MoneyFormatOptions = {},
): string {
  const numeric = typeof value === 'string' ? Number(value) : value;
  const shown = numeric && Number.isFinite(numeric) ? numeric : 0;
  return writeDollars(shown, fractionDigits(shown, format), isSigned);
}

const MICROS_PER_CENT = 10_000n;
const MICROS_PER_FOUR_DECIMALS = 100n;

/**
 * An amount of money in a sentence (notifications, mails, answers' messages), by the one rule
 * every screen follows outside the header and the balance cards: cents always, and 4 decimals
 * when the amount carries fractions of a cent, rounded half away from zero ($28.00, $0.9450,
 * $5.0358). `dollars_text` in SQL writes the same.
 */
export function formatAmount(micros: bigint): string {
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  const subCent = abs % MICROS_PER_CENT !== 0n;
  const unit = subCent ? MICROS_PER_FOUR_DECIMALS : MICROS_PER_CENT;
  const rounded = ((abs + unit / 2n) / unit) * unit;
  const whole = (rounded / 1_000_000n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (rounded % 1_000_000n)
    .toString()
    .padStart(6, '0')
    .slice(0, subCent ? 4 : 2);
  return `${negative ? '-' : ''}$${whole}.${fraction}`;
}
