// Dates as members read them; amounts go through the contracts' one formatMoney. The formatters
// are made on first use: this module is in the signed-in screens' first chunk.
import { onFirstUse } from './on-first-use.ts';

const dateTime = onFirstUse(
  () => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }),
);
// A business day (YYYY-MM-DD) is a calendar date, not an instant: read and written in UTC so
// a member west of Greenwich does not see the day before.
const calendarDay = onFirstUse(
  () => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }),
);

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime().format(date);
}

// The reader's zone by its short name ("UTC", "GMT+1", "PST"); dateStyle and timeStyle cannot
// be combined with timeZoneName in one formatter.
const zoneName = onFirstUse(() => new Intl.DateTimeFormat('en', { timeZoneName: 'short' }));

/**
 * A moment as formatDateTime writes it, followed by the reader's time zone ("Nov 28, 2026, 8:10
 * AM GMT+1"): for a deadline the member compares with a mail or a message written in UTC.
 */
export function formatDateTimeWithZone(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = zoneName()
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value;
  return zone ? `${dateTime().format(date)} ${zone}` : dateTime().format(date);
}

export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : calendarDay().format(date);
}

/**
 * A long address or transaction hash cut to its ends (TQn9Y2…Wbz7): enough to recognise it
 * in a list; the whole text stays available to copy and to screen readers.
 */
export function shortenMiddle(text: string, head = 6, tail = 4): string {
  return text.length <= head + tail + 1 ? text : `${text.slice(0, head)}…${text.slice(-tail)}`;
}

/** "0.3 %" with a no-break space, so the sign never wraps onto a line of its own. */
export const formatPercentage = (percentage: number) => `${percentage}\u00a0%`;
