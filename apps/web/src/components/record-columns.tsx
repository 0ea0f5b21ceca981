import { formatDate } from '../lib/format-dates.ts';
import { formatDateTime, formatDay } from '../lib/format.ts';
import { Money } from './money.tsx';
import type { CardPlace, RecordColumn } from './record-list.tsx';

// The columns most lists have, written once: an amount, a moment, a business day.

/** Dollars with cents and at most 4 decimals, aligned right so the digits line up. */
export const moneyColumn = <R,>(
  header: string,
  amount: (record: R) => number,
  card?: CardPlace,
): RecordColumn<R> => ({
  header,
  cell: (record) => <Money value={amount(record)} decimals="amount" />,
  align: 'right',
  card,
});

/** When something happened (made, credited, paid), as secondary text on one line. */
export const dateTimeColumn = <R,>(
  header: string,
  at: (record: R) => string,
  card?: CardPlace,
): RecordColumn<R> => ({
  header,
  cell: (record) => formatDateTime(at(record)),
  card,
  isNowrap: true,
  isMuted: true,
});

/** The day of a moment, when its time does not matter (joined, reached). */
export const dateColumn = <R,>(
  header: string,
  at: (record: R) => string,
  card?: CardPlace,
): RecordColumn<R> => ({ header, cell: (record) => formatDate(at(record)), card, isNowrap: true });

/** A business day (YYYY-MM-DD), e.g. the day income was earned for. */
export const dayColumn = <R,>(
  header: string,
  day: (record: R) => string,
  card?: CardPlace,
): RecordColumn<R> => ({ header, cell: (record) => formatDay(day(record)), card, isNowrap: true });
