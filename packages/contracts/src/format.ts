// Display rules from seed-spec §9, shared so every screen shows numbers the same way.

/** Seed rule: more than 4 decimal places shows 4; a falsy value shows 0. */
export function formatDisplayNumber(value: number | string | null | undefined): string {
  const numeric = typeof value === 'string' ? Number(value) : value;
  if (!numeric || !Number.isFinite(numeric)) return '0';
  const text = String(numeric);
  const decimals = text.includes('.') && !/e/i.test(text) ? (text.split('.')[1] ?? '').length : 0;
  return decimals > 4 ? numeric.toFixed(4) : text;
}

/** Dollars with a fixed number of decimals: 4 in the header, 2 on mobile cards. */
export function formatUsd(value: number | null | undefined, decimals: 2 | 4): string {
  const numeric = value && Number.isFinite(value) ? value : 0;
  const sign = numeric < 0 ? '-' : '';
  const fixed = Math.abs(numeric).toFixed(decimals);
  const [whole = '0', fraction = ''] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${grouped}.${fraction}`;
}

/** `$` plus the seed's display rule, for amounts in tables. */
export function formatUsdDisplay(value: number | null | undefined): string {
  const text = formatDisplayNumber(value);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}
