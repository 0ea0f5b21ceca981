import { WITHDRAWAL_STATUSES, formatMoney } from '@app/contracts';
import OutboxRounded from '@mui/icons-material/OutboxRounded';
import { useOperatorWithdrawals } from '../api/withdrawals.ts';
import { withdrawalStatusLooks } from '../utils/money-labels.ts';
import { MoneyQueue } from './money-queue.tsx';
import { WithdrawalDetail } from './withdrawal-detail.tsx';

/** The withdrawals queue: pending first, oldest first (the order to pay in), detail beside. */
export function WithdrawalQueue() {
  return (
    <MoneyQueue
      statuses={WITHDRAWAL_STATUSES}
      looks={withdrawalStatusLooks}
      useRecords={useOperatorWithdrawals}
      memberOf={(withdrawal) => ({
        name: withdrawal.member.name,
        registeredId: withdrawal.member.referralCode,
      })}
      openLabel={(withdrawal) =>
        `Open withdrawal of ${formatMoney(withdrawal.amount, 'amount')} by ${withdrawal.member.name}`
      }
      icon={<OutboxRounded />}
      noun={{ one: 'withdrawal', many: 'withdrawals' }}
      emptyDescription="Withdrawals members request show here until someone pays or rejects them."
      Detail={WithdrawalDetail}
    />
  );
}
