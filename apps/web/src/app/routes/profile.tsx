import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../../components/page-header.tsx';
import { AccountClosureCard } from '../../features/account-closure/components/account-closure-card.tsx';
import { AppearanceCard } from '../../features/appearance/components/appearance-card.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { SendVerificationCode } from '../../features/auth/components/send-verification-code.tsx';
import { MailPreferencesCard } from '../../features/mail-preferences/components/mail-preferences-card.tsx';
import { MemberDataCard } from '../../features/member-data/components/member-data-card.tsx';
import { PayoutAddressCard } from '../../features/payout-address/components/payout-address-card.tsx';
import { ChangePasswordCard } from '../../features/profile/components/change-password-card.tsx';
import { ProfileDetailsCard } from '../../features/profile/components/profile-details-card.tsx';
import { ReferralLinkCard } from '../../features/referral/components/referral-link-card.tsx';
import { PasskeysCard } from '../../features/second-factor/components/passkeys-card.tsx';
import { SecondFactorCard } from '../../features/second-factor/components/second-factor-card.tsx';
import { SessionsCard } from '../../features/sessions/components/sessions-card.tsx';
import { SignInHistoryCard } from '../../features/sign-in-history/components/sign-in-history-card.tsx';
import { VerificationCard } from '../../features/verification/components/verification-card.tsx';
import { screens } from '../screens.ts';

export default function ProfileRoute() {
  // The member (auth), the invitation link (referral) and the payout address (payout-address)
  // come from their own features; features do not import each other, so they meet here.
  const member = useMe();

  return (
    <>
      <PageHeader title={screens.profile.title} subtitle={screens.profile.summary} />
      <Grid container spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={3}>
            <ProfileDetailsCard
              member={member}
              verifyAction={member && <SendVerificationCode loginId={member.referral_code} />}
            />
            <VerificationCard />
            <ReferralLinkCard />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={3}>
            <PayoutAddressCard />
            <ChangePasswordCard />
            <SecondFactorCard />
            <PasskeysCard />
            <MailPreferencesCard />
            <MemberDataCard loginId={member?.referral_code} />
            <AccountClosureCard />
            <AppearanceCard />
          </Stack>
        </Grid>
        <Grid size={12}>
          <SessionsCard />
        </Grid>
        <Grid size={12}>
          <SignInHistoryCard />
        </Grid>
      </Grid>
    </>
  );
}
