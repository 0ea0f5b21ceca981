import { DEPOSIT_STATUSES, formatMoney } from '@app/contracts';
import InboxRounded from '@mui/icons-material/InboxRounded';
import { useOperatorDeposits } from '../api/deposits.ts';
import { depositStatusLooks } from '../utils/money-labels.ts';
import { DepositDetail } from './deposit-detail.tsx';
import { MoneyQueue } from './money-queue.tsx';

/** The deposits queue: pending first, oldest first, the selected one's detail beside it. */
export function DepositQueue() {
  return (
    <MoneyQueue
      statuses={DEPOSIT_STATUSES}
      looks={depositStatusLooks}
      useRecords={useOperatorDeposits}
      memberOf={(deposit) => ({
        name: deposit.memberName,
        registeredId: deposit.memberReferralCode,
      })}
      openLabel={(deposit) =>
        `Open deposit of ${formatMoney(deposit.amount, 'amount')} from ${deposit.memberName}`
      }
      icon={<InboxRounded />}
      noun={{ one: 'deposit', many: 'deposits' }}
      emptyDescription="Manual deposits members make show here until someone confirms or rejects them."
      Detail={DepositDetail}
    />
  );
}
