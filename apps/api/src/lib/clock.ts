/**
 * The one clock the whole server reads. `APP_NOW` starts it at a given instant and it runs
 * on from there, so a server restarted with a later `APP_NOW` lives on a later day; tests
 * use a manual clock they move by hand.
 */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/** Starts at `start` and advances with real time from the moment it is created. */
export function offsetClock(start: Date): Clock {
  const offset = start.getTime() - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}

export type ManualClock = Clock & { set: (at: Date) => void; advance: (ms: number) => void };

export function manualClock(start: Date): ManualClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = at.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Midnight UTC starting a day given as YYYY-MM-DD. */
export const utcDayStart = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

/** A filter's `from` and `to` days (UTC, both included) as instants: from ≤ t < before. */
export function utcDayRange(days: { from?: string | undefined; to?: string | undefined }): {
  from: Date | undefined;
  before: Date | undefined;
} {
  return {
    from: days.from ? utcDayStart(days.from) : undefined,
    before: days.to ? new Date(utcDayStart(days.to).getTime() + DAY_MS) : undefined,
  };
}
