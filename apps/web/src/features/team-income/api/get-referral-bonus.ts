import { incomeEndpoint } from './income-endpoint.ts';

/** GET income/referral-bonus → a page of referral bonus with paid, processing and not-paid sums. */
export const referralBonus = incomeEndpoint('income/referral-bonus', 'referral-bonus');
