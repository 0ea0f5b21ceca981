// Market figures as members read them. The API sends decimal strings as the exchange quotes
// them; they become numbers only here, for display, never for arithmetic on money.

const rateFormats = new Map<number, Intl.NumberFormat>();

/** Decimals by size, as exchanges quote: 95,123.45 · 2.2150 · 0.171230. */
function rateFormat(value: number): Intl.NumberFormat {
  const decimals = value >= 100 ? 2 : value >= 1 ? 4 : 6;
  let format = rateFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    rateFormats.set(decimals, format);
  }
  return format;
}

/** A price in USDT, or an em dash when there is none. */
export function formatRate(rate: string | null): string {
  if (rate === null) return '—';
  const value = Number(rate);
  return Number.isFinite(value) ? rateFormat(Math.abs(value)).format(value) : rate;
}

const percent = new Intl.NumberFormat('en', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/** "+1.25 %", "−0.40 %", "0.00 %" (no-break space before the sign). */
export const formatChange = (change: string) => `${percent.format(Number(change))}\u00a0%`;

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 2 });

/** "12.35K", "1.5B": a day's volume at a glance. */
export const formatVolume = (volume: string | null) =>
  volume === null ? '—' : compact.format(Number(volume));

/** Which way a change went, for its colour and arrow. */
export const direction = (change: string | null): 'up' | 'down' | 'flat' => {
  const value = Number(change ?? 0);
  return value > 0 ? 'up' : value < 0 ? 'down' : 'flat';
};

/** BTC/USDT: pairs are written upper-case on screen. */
export const pairTitle = (displayName: string) => displayName.toUpperCase();

/** The coin's name from its slug: "bitcoin-cash" → "Bitcoin Cash"; a slug that is the ticker stays one ("bsv" → "BSV"). */
export function coinName(apiname: string, base: string): string {
  if (apiname === base) return base.toUpperCase();
  return apiname
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
