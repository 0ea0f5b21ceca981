import { formatMoney } from '@app/contracts';
import { formatDay } from '../../../lib/format.ts';

// How the team charts write their figures: dollars through the one formatter, weeks by day.

/** Dollars on an axis or in a tooltip: whole dollars stay whole ($25,000), cents show. */
export const moneyValue = (value: number | null) => formatMoney(value, 'amount');

/** A week on the time axis by its Monday, short: "Mar 3". */
export const weekTick = (monday: string) => formatDay(monday).replace(/, \d{4}$/, '');

/** The height of every team chart, so the cards line up two by two. */
export const CHART_HEIGHT = 260;
