// Dates as members read them; amounts go through the contracts' one formatMoney.
const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
// A business day (YYYY-MM-DD) is a calendar date, not an instant: read and written in UTC so
// a member west of Greenwich does not see the day before.
const calendarDay = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

const dateOnly = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** The day of a moment, where the time of day does not matter (when a member joined). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateOnly.format(date);
}

const monthOfYear = new Intl.DateTimeFormat('en', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const DAY_MS = 86_400_000;

const readDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
};

export function formatDay(day: string): string {
  const date = readDay(day);
  return date ? calendarDay.format(date) : day;
}

/** The week that starts on a Monday (YYYY-MM-DD), Monday to Sunday: "Mar 3 – 9, 2025". */
export function formatWeek(monday: string): string {
  const start = readDay(monday);
  return start ? calendarDay.formatRange(start, new Date(start.getTime() + 6 * DAY_MS)) : monday;
}

/** A month (YYYY-MM): "March 2025". */
export function formatMonth(month: string): string {
  const date = readDay(`${month}-01`);
  return date ? monthOfYear.format(date) : month;
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
