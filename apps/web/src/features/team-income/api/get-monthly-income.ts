import { incomeEndpoint } from './income-endpoint.ts';

/** GET bounus/monthly-salary → a page of monthly income (the rank's salary). */
export const monthlyIncome = incomeEndpoint('bounus/monthly-salary', 'monthly-income');
