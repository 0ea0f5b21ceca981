import type { WithdrawalWallet } from '@app/contracts';
import { paths } from '../../../config/paths.ts';

/** Each wallet's withdrawals have their own list (seed-spec's menu). */
export const historyPath = (wallet: WithdrawalWallet) =>
  wallet === 'compounding' ? paths.compoundingWithdrawalHistory : paths.withdrawalHistory;
