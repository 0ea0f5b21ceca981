import type { WithdrawalWallet } from '@app/contracts';
import { paths } from '../../../config/paths.ts';

/** Each wallet's withdrawals have their own list (the menu's two entries). */
export const historyPath = (wallet: WithdrawalWallet) =>
  wallet === 'compounding' ? paths.compoundingWithdrawalHistory : paths.withdrawalHistory;
