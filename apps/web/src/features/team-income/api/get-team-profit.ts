import { incomeEndpoint } from './income-endpoint.ts';

/** GET auth/team-profit → a page of team profit with its sums. */
export const teamProfit = incomeEndpoint('auth/team-profit', 'team-profit');
