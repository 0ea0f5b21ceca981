import type { CreateDepositData } from '@app/contracts';
import AccountBalanceWalletRounded from '@mui/icons-material/AccountBalanceWalletRounded';
import { useState } from 'react';
import { QueryStates } from '../../../components/query-states.tsx';
import { useDepositProviders } from '../api/get-deposit-providers.ts';
import { DepositForm } from './deposit-form.tsx';
import { ManualDepositInstructions } from './manual-deposit-instructions.tsx';

/** The deposit screen: the form, then for a manual deposit where to send the USDT. */
export function DepositPanel() {
  const providers = useDepositProviders();
  const [created, setCreated] = useState<CreateDepositData | null>(null);

  if (created?.instructions)
    return (
      <ManualDepositInstructions
        deposit={created}
        instructions={created.instructions}
        onStartAgain={() => setCreated(null)}
      />
    );
  return (
    <QueryStates
      query={providers}
      label="Deposit options"
      errorMessage="The deposit options could not be loaded."
      empty={{
        icon: <AccountBalanceWalletRounded />,
        title: 'Deposits are paused',
        description:
          'No way of paying is open right now. Please try again later or contact support.',
      }}
      isEmpty={(data) => data.providers.length === 0}
    >
      {(data) => {
        const [firstProvider] = data.providers;
        return (
          firstProvider && (
            <DepositForm
              options={data}
              defaultProvider={firstProvider}
              onManualCreated={setCreated}
            />
          )
        );
      }}
    </QueryStates>
  );
}
