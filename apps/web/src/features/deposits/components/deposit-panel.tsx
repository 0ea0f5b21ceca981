import type { CreateDepositData } from '@app/contracts';
import AccountBalanceWalletRounded from '@mui/icons-material/AccountBalanceWalletRounded';
import Paper from '@mui/material/Paper';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { useDepositProviders } from '../api/get-deposit-providers.ts';
import { DepositForm } from './deposit-form.tsx';
import { ManualDepositInstructions } from './manual-deposit-instructions.tsx';

/** The deposit screen: the form, then for a manual deposit where to send the USDT. */
export function DepositPanel() {
  const { data, isPending, isError, refetch } = useDepositProviders();
  const [created, setCreated] = useState<CreateDepositData | null>(null);

  if (created?.instructions)
    return (
      <ManualDepositInstructions
        deposit={created}
        instructions={created.instructions}
        onStartAgain={() => setCreated(null)}
      />
    );
  if (isPending) return <SkeletonRows rows={3} height={56} label="Loading deposit options" />;
  if (isError)
    return (
      <QueryError
        message="The deposit options could not be loaded."
        onRetry={() => void refetch()}
      />
    );
  const [firstProvider] = data.providers;
  if (!firstProvider)
    return (
      <Paper variant="outlined">
        <EmptyState
          icon={<AccountBalanceWalletRounded />}
          title="Deposits are paused"
          description="No way of paying is open right now. Please try again later or contact support."
        />
      </Paper>
    );
  return (
    <DepositForm options={data} defaultProvider={firstProvider} onManualCreated={setCreated} />
  );
}
