import type { WithdrawalView, WithdrawalWallet } from '@app/contracts';
import Grid from '@mui/material/Grid';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LinkButton } from '../../components/link-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { paths, searchParams } from '../../config/paths.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { usePayoutAddress } from '../../features/payout-address/api/get-payout-address.ts';
import { PayoutAddressCard } from '../../features/payout-address/components/payout-address-card.tsx';
import { useWallets } from '../../features/statements/api/get-wallets.ts';
import { VerificationNotice } from '../../features/verification/components/verification-notice.tsx';
import { VerifyEmailFirst } from '../../features/withdrawals/components/verify-email-first.tsx';
import { WithdrawalPanel } from '../../features/withdrawals/components/withdrawal-panel.tsx';
import { historyPath } from '../../features/withdrawals/utils/history-path.ts';
import { dollarsToMicros } from '../../lib/money.ts';
import { screens } from '../screens.ts';

export default function WithdrawalRoute() {
  // The form needs the member (verified?), the balances (statements feature) and the saved
  // address (payout-address feature); features do not import each other, so they meet here.
  const member = useMe();
  const wallets = useWallets().data;
  const address = usePayoutAddress().data?.address;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const defaultWallet: WithdrawalWallet =
    params.get(searchParams.wallet) === 'compounding' ? 'compounding' : 'profit';
  const available = useMemo(
    () => ({
      profit: wallets && dollarsToMicros(wallets.profit.available),
      compounding: wallets && dollarsToMicros(wallets.compounding.available),
    }),
    [wallets],
  );

  return (
    <>
      <PageHeader
        title={screens.withdrawal.title}
        subtitle={screens.withdrawal.summary}
        actions={
          <LinkButton to={paths.withdrawalHistory} variant="outlined">
            Withdrawal history
          </LinkButton>
        }
      />
      <VerificationNotice sx={{ mb: 3 }} />
      {member && !member.verified ? (
        <VerifyEmailFirst loginId={member.referral_code} email={member.email} />
      ) : (
        <Grid container spacing={3} sx={{ alignItems: 'flex-start' }}>
          <Grid size={{ xs: 12, md: 7 }}>
            <WithdrawalPanel
              available={available}
              address={address}
              defaultWallet={defaultWallet}
              onRequested={(withdrawal: WithdrawalView) =>
                void navigate(historyPath(withdrawal.wallet))
              }
            />
          </Grid>
          {/* One column on narrow screens: a missing address comes first, as it is the first step. */}
          <Grid size={{ xs: 12, md: 5 }} sx={{ order: { xs: address === null ? -1 : 0, md: 0 } }}>
            <PayoutAddressCard />
          </Grid>
        </Grid>
      )}
    </>
  );
}
