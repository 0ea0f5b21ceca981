// Dates the team screens show, apart from lib/format.ts: that module rides with the dashboard's
// first load, and these are not needed there. Made on first use: this module rides with the
// chunk of code the dashboard's cards share, loaded just after its first paint.
import { onFirstUse } from './on-first-use.ts';

const dateOnly = onFirstUse(() => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }));
// Calendar days (YYYY-MM-DD, YYYY-MM) are dates, not instants: read and written in UTC.
const calendarDay = onFirstUse(
  () => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }),
);
const monthOfYear = onFirstUse(
  () => new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
);
const DAY_MS = 86_400_000;

const readDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** The day of a moment, where the time of day does not matter (when a member joined). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateOnly().format(date);
}

/** The week that starts on a Monday (YYYY-MM-DD), Monday to Sunday: "Mar 3 – 9, 2025". */
export function formatWeek(monday: string): string {
  const start = readDay(monday);
  return start ? calendarDay().formatRange(start, new Date(start.getTime() + 6 * DAY_MS)) : monday;
}

/** A month (YYYY-MM): "March 2025". */
export function formatMonth(month: string): string {
  const date = readDay(`${month}-01`);
  return date ? monthOfYear().format(date) : month;
}
