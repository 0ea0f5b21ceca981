// A hand-edited address (?kind=gift, ?from=yesterday) is ignored rather than sent to be refused.
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const oneOf = <T extends string>(values: readonly T[], value: string | undefined) =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

export const validDay = (day: string | undefined) =>
  day && DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? day : undefined;

/** From and To as sent: a reversed range is shown as an error by the date filter, not sent. */
export function dayRange(from: string | undefined, to: string | undefined) {
  const first = validDay(from);
  const last = validDay(to);
  return { from: first, to: first && last && first > last ? undefined : last };
}
