import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { WholeScreen } from '../components/below-the-fold.tsx';
import { paths } from '../config/paths.ts';
import { meQueryOptions } from '../features/auth/api/get-me.ts';
import { notificationsQueryOptions } from '../features/notifications/api/get-notifications.ts';
import { claimStatusQueryOptions } from '../features/packages/api/get-claim-status.ts';
import { uniqueReferralQueryOptions } from '../features/referral/api/get-unique-referral.ts';
import { rewardsQueryOptions } from '../features/rewards/api/get-rewards.ts';
import { NextRankCard } from '../features/rewards/components/next-rank-card.tsx';
import { walletSummaryQueryOptions } from '../features/statements/api/get-wallet-summary.ts';
import { IncomeTotals } from '../features/statements/components/income-totals.tsx';
import { InvestmentTotals } from '../features/statements/components/investment-totals.tsx';
import { verificationQueryOptions } from '../features/verification/api/verification.ts';
import { walletBalanceQueryOptions } from '../features/wallet/api/get-wallet-balance.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { AppTheme } from './providers.tsx';
import DashboardRoute from './routes/dashboard.tsx';
import { AppShell } from './shell/app-shell.tsx';

/**
 * Who the sample answers describe: a new member (nothing to claim, no notification unread, the
 * email verified) or an active one (a claim waiting, notifications unread, and the reminder that
 * withdrawals need a verified identity), whose first screen draws a badge and a banner more.
 */
export type SampleMember = 'new' | 'active';

/** Sample answers to the first screen's GETs (app/first-screen.ts, app/prefetch.ts). */
function sampleAnswers(member: SampleMember): QueryClient {
  const isActive = member === 'active';
  const client = createQueryClient();
  client.setQueryData(walletBalanceQueryOptions().queryKey, {
    primary_wallet: isActive ? 1000 : 0,
    profit_wallet: isActive ? 100 : 0,
  });
  client.setQueryData(notificationsQueryOptions().queryKey, {
    data: [],
    page: 1,
    pageSize: 20,
    total: 0,
    unread: isActive ? 2 : 0,
  });
  client.setQueryData(meQueryOptions().queryKey, {
    id: 'member',
    name: 'Member',
    email: 'member@example.com',
    mobile: '+10000000000',
    referral_code: 'MEMBER00',
    sponsor: null,
    verified: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    readOnly: false,
  });
  client.setQueryData(claimStatusQueryOptions().queryKey, {
    claimedToday: false,
    claimedTodayAmount: 0,
    claimableAmount: isActive ? 12.5 : 0,
    claimableDays: isActive ? 1 : 0,
    nextClaimAt: null,
  });
  client.setQueryData(uniqueReferralQueryOptions().queryKey, {
    referralCode: 'MEMBER00',
    link: '/register?referralCode=MEMBER00',
  });
  client.setQueryData(verificationQueryOptions().queryKey, {
    status: 'not-started',
    submittedAt: null,
    decidedAt: null,
    rejection: null,
    requestedDocument: null,
    country: null,
    fields: {},
    drafts: [],
    kept: [],
    requirements: {
      version: 1,
      publishedAt: null,
      requirements: { default: { documents: ['id-front'], fields: [] }, countries: [] },
    },
    withdrawalRoom: isActive ? '0' : null,
  });
  // The cards the dashboard loads just after its first paint (see DashboardWithLaterCards).
  const earned = isActive ? 12.5 : 0;
  client.setQueryData(walletSummaryQueryOptions().queryKey, {
    deposited: earned,
    invested: earned,
    withdrawn: 0,
    active: { packages: isActive ? 1 : 0, amount: earned },
    income: {
      trade: earned,
      compounding: 0,
      referralBonus: earned,
      teamLevelBonus: 0,
      teamProfit: 0,
      weeklyIncome: 0,
      monthlyIncome: 0,
      reward: 0,
    },
  });
  const next = { name: 'Bronze', teamBusiness: 5_000, activeDirects: 3 };
  client.setQueryData(rewardsQueryOptions().queryKey, {
    rank: null,
    teamBusiness: earned,
    activeDirects: isActive ? 1 : 0,
    next: { ...next, businessProgress: earned / 5_000, directsProgress: isActive ? 1 / 3 : 0 },
    ranks: [
      {
        ...next,
        monthlySalary: 0,
        reward: 25,
        achieved: false,
        firstReachedAt: null,
        current: false,
      },
    ],
    rewards: [],
    rewardsTotal: 0,
  });
  return client;
}

/**
 * The dashboard drawn whole (the build's render only): the cards it loads as they near the
 * viewport, and what it draws below the fold a frame later. Their styles ride with the page too,
 * so that drawing them inserts none (stylis, cold, in a task of its own on a slow phone).
 */
function DashboardWithLaterCards() {
  return (
    <>
      <WholeScreen>
        <DashboardRoute />
      </WholeScreen>
      <InvestmentTotals />
      <IncomeTotals />
      <NextRankCard title="Next rank" />
    </>
  );
}

/**
 * The signed-in frame with the dashboard as a member's first load draws them (a phone's width:
 * no sidebar), from sample answers: the build renders it only for the styles emotion writes,
 * which the frame's page carries so that the app's first commit finds them inserted. Inserting
 * them (stylis, then insertRule) was half of that commit, the longest task of the load.
 */
export async function firstScreen(member: SampleMember = 'new') {
  const handler = createStaticHandler([
    {
      Component: AppShell,
      children: [{ path: paths.dashboard, Component: DashboardWithLaterCards }],
    },
  ]);
  const context = await handler.query(new Request(new URL(paths.dashboard, 'http://localhost')));
  if (context instanceof Response) throw new Error('first-screen-styles: a redirect');
  return (
    <AppTheme>
      <QueryClientProvider client={sampleAnswers(member)}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </QueryClientProvider>
    </AppTheme>
  );
}
