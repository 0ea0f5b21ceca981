import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { lazy, type ReactNode } from 'react';
import { AfterFirstPaint } from '../../components/after-first-paint.tsx';
import { BelowTheFold } from '../../components/below-the-fold.tsx';
import { CardPlaceholder } from '../../components/card-placeholder.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SkeletonRows } from '../../components/skeleton-rows.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { QuickActions } from '../../features/dashboard/components/quick-actions.tsx';
import { VerifyEmailAlert } from '../../features/dashboard/components/verify-email-alert.tsx';
import { ClaimCard } from '../../features/packages/components/claim-card.tsx';
import { ReferralLinkCard } from '../../features/referral/components/referral-link-card.tsx';
import { VerificationNotice } from '../../features/verification/components/verification-notice.tsx';
import { IncomeTotalsSkeleton } from '../../features/statements/components/income-totals-skeleton.tsx';
import { InvestmentTotalsSkeleton } from '../../features/statements/components/investment-totals-skeleton.tsx';
import { useWalletBalance } from '../../features/wallet/api/get-wallet-balance.ts';
import { WalletCards } from '../../features/wallet/components/wallet-cards.tsx';

// The investment and income totals, the earnings chart (with the charts library), the next rank,
// the market pairs and the recent transactions load outside the dashboard's first-load chunks,
// with their data, once the first screen (the wallets and the claim) has been painted and their
// place nears the viewport: a phone loads those it does not show only as the member scrolls
// (decision 0068). Each holds a place until then.
const InvestmentTotals = lazy(() =>
  import('../../features/statements/components/investment-totals.tsx').then((module) => ({
    default: module.InvestmentTotals,
  })),
);
const IncomeTotals = lazy(() =>
  import('../../features/statements/components/income-totals.tsx').then((module) => ({
    default: module.IncomeTotals,
  })),
);
const EarningsChart = lazy(() =>
  import('../../features/statements/components/earnings-chart.tsx').then((module) => ({
    default: module.EarningsChart,
  })),
);
const RecentTransactions = lazy(() =>
  import('../../features/statements/components/recent-transactions.tsx').then((module) => ({
    default: module.RecentTransactions,
  })),
);
const MarketPairsCard = lazy(() =>
  import('../../features/market/components/market-pairs-card.tsx').then((module) => ({
    default: module.MarketPairsCard,
  })),
);
const NextRankCard = lazy(() =>
  import('../../features/rewards/components/next-rank-card.tsx').then((module) => ({
    default: module.NextRankCard,
  })),
);

const EARNINGS = 'Earnings, last 30 days';
const NEXT_RANK = 'Next rank';
// The chart's card and, beside it from 900 px, the rank's: one height, whatever has arrived.
const CARD_HEIGHT = { xs: 350, sm: 340 };
const RANK_HEIGHT = { xs: 280, md: 340 };

type FixedHeightCardProps = {
  height: Record<string, number>;
  title: string;
  label: string;
  children: ReactNode;
};

/** A card in a box of fixed height, held by a placeholder of its title until it nears the view. */
function FixedHeightCard({ height, title, label, children }: FixedHeightCardProps) {
  return (
    <Box sx={{ height, overflow: 'hidden' }}>
      <AfterFirstPaint isWhenVisible fallback={<CardPlaceholder title={title} label={label} />}>
        {children}
      </AfterFirstPaint>
    </Box>
  );
}

export default function DashboardRoute() {
  const member = useMe();
  // The profit wallet is what a member withdraws from the dashboard's way (decision 0055).
  const withdrawable = useWalletBalance().data?.profit_wallet;
  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle={member ? `Welcome back, ${member.name}.` : 'Welcome back.'}
      />
      <Stack spacing={3}>
        {member && <VerifyEmailAlert member={member} />}
        {withdrawable !== undefined && <VerificationNotice withdrawable={withdrawable} />}
        <WalletCards />
        <ClaimCard />
        <AfterFirstPaint isWhenVisible fallback={<InvestmentTotalsSkeleton />}>
          <InvestmentTotals />
        </AfterFirstPaint>
        <AfterFirstPaint isWhenVisible fallback={<IncomeTotalsSkeleton />}>
          <IncomeTotals />
        </AfterFirstPaint>
        {/* From the chart down, a phone's first view shows none of it (decision 0068). */}
        <BelowTheFold>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 8 }}>
              <FixedHeightCard height={CARD_HEIGHT} title={EARNINGS} label="Loading earnings">
                <EarningsChart title={EARNINGS} />
              </FixedHeightCard>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <FixedHeightCard height={RANK_HEIGHT} title={NEXT_RANK} label="Loading your rank">
                <NextRankCard title={NEXT_RANK} />
              </FixedHeightCard>
            </Grid>
          </Grid>
          <AfterFirstPaint isWhenVisible fallback={<SkeletonRows label="Loading market prices" />}>
            <MarketPairsCard />
          </AfterFirstPaint>
          <AfterFirstPaint
            isWhenVisible
            fallback={<SkeletonRows label="Loading recent transactions" />}
          >
            <RecentTransactions />
          </AfterFirstPaint>
          <QuickActions />
          <ReferralLinkCard />
        </BelowTheFold>
      </Stack>
    </>
  );
}
