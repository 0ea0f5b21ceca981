// Money is integer micro-dollars (bigint) everywhere on the server. JSON carries dollars as
// numbers (the client contract reads numbers); these helpers convert exactly in both directions.
export const MICROS_PER_DOLLAR = 1_000_000n;
export const MONEY_DECIMALS = 6;
/** Upper bound for any single amount a client may send: $1 billion. */
export const MAX_AMOUNT_MICROS = 1_000_000_000n * MICROS_PER_DOLLAR;

export type MoneyParseResult =
  | { ok: true; micros: bigint }
  | { ok: false; reason: 'invalid' | 'too-precise' | 'not-positive' | 'too-large' };

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Parses dollars given as a JSON number or a decimal string into micro-dollars without ever
 * doing floating-point arithmetic on the amount: a number is read through its shortest
 * round-trip decimal form (`String(n)`), which is the text the client wrote.
 */
export function parseMoney(input: unknown): MoneyParseResult {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: 'invalid' };
    text = numberToPlainString(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return { ok: false, reason: 'invalid' };
  }
  if (text.startsWith('-')) return { ok: false, reason: 'not-positive' };
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, reason: 'invalid' };
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > MONEY_DECIMALS) return { ok: false, reason: 'too-precise' };
  const micros = BigInt(whole) * MICROS_PER_DOLLAR + BigInt(fraction.padEnd(MONEY_DECIMALS, '0'));
  if (micros <= 0n) return { ok: false, reason: 'not-positive' };
  if (micros > MAX_AMOUNT_MICROS) return { ok: false, reason: 'too-large' };
  return { ok: true, micros };
}

/** `1e-7` style exponents would defeat the decimal pattern; expand them to plain digits. */
function numberToPlainString(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/\.?0+$/, '');
}

/** Exact decimal text of micro-dollars, e.g. 1500000n → "1.5", -250n → "-0.00025". */
export function microsToDecimalString(micros: bigint): string {
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  const whole = abs / MICROS_PER_DOLLAR;
  const fraction = (abs % MICROS_PER_DOLLAR)
    .toString()
    .padStart(MONEY_DECIMALS, '0')
    .replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Dollars as a JSON number. The double nearest to a ≤6-decimal value prints back as that
 * same decimal, so the client sees exactly the stored amount.
 */
export function microsToDollars(micros: bigint): number {
  return Number(microsToDecimalString(micros));
}

/** `floor(base × rate)` where rate is in units of 1e-4 % (basis points of a percent): 0.35 % = 3500. */
export function applyRate(baseMicros: bigint, rateMicroPercent: bigint): bigint {
  return (baseMicros * rateMicroPercent) / 1_000_000n;
}
