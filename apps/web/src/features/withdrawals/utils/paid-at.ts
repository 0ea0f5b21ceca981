import type { WithdrawalView } from '@app/contracts';

/** When the operator paid it; a paid withdrawal always has its decision time. */
export const paidAt = (payout: WithdrawalView) => payout.decidedAt ?? payout.createdAt;
