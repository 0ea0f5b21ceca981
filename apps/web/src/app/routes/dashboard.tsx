import Stack from '@mui/material/Stack';
import { PageHeader } from '../../components/page-header.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { QuickActions } from '../../features/dashboard/components/quick-actions.tsx';
import { VerifyEmailAlert } from '../../features/dashboard/components/verify-email-alert.tsx';
import { ClaimCard } from '../../features/packages/components/claim-card.tsx';
import { ReferralLinkCard } from '../../features/referral/components/referral-link-card.tsx';
import { WalletCards } from '../../features/wallet/components/wallet-cards.tsx';

export default function DashboardRoute() {
  const member = useMe();
  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle={member ? `Welcome back, ${member.name}.` : 'Welcome back.'}
      />
      <Stack spacing={3}>
        {member && <VerifyEmailAlert member={member} />}
        <WalletCards />
        <ClaimCard />
        <QuickActions />
        <ReferralLinkCard />
      </Stack>
    </>
  );
}
