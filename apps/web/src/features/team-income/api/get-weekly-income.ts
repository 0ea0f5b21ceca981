import { incomeEndpoint } from './income-endpoint.ts';

/** GET bounus/monthly-weekly (the client contract's spelling) → a page of weekly income. */
export const weeklyIncome = incomeEndpoint('bounus/monthly-weekly', 'weekly-income');
