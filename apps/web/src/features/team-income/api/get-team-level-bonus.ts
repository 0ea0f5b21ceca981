import { incomeEndpoint } from './income-endpoint.ts';

/** GET income/team-level-bonus → a page of team-level bonus with its sums. */
export const teamLevelBonus = incomeEndpoint('income/team-level-bonus', 'team-level-bonus');
