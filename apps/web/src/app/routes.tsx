import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { PublicOnlyRoute, RequireAuth } from './guards.tsx';
import { RouteError } from './route-error.tsx';
import { RouteFallback } from './route-fallback.tsx';
import { consoleRoutes } from './operator/console-routes.tsx';
import SignInRoute from './routes/sign-in.tsx';
import type { TeamIncomeHandle } from './routes/team-income.tsx';

// Route files are loaded on demand: a visitor on the sign-in screen downloads no shell. The
// sign-in itself, the page most first visits land on, comes with the first script: its forms
// and API client are needed by every screen anyway, and the screen then paints at once
// instead of after a spinner and another round trip.
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** Screens routed and in the menu, built in later issues; each says what it will show. */
/** The team incomes: one screen told its kind, since only the endpoint, words and columns differ. */
const teamIncomes: TeamIncomeHandle[] = [
  { screen: 'referralBonus', kind: 'referral-bonus' },
  { screen: 'teamLevelBonus', kind: 'team-level-bonus' },
  { screen: 'teamProfit', kind: 'team-profit' },
  { screen: 'weeklyIncome', kind: 'weekly-income' },
  { screen: 'monthlyIncome', kind: 'monthly-income' },
];

export const routes: RouteObject[] = [
  {
    ErrorBoundary: RouteError,
    HydrateFallback: RouteFallback,
    children: [
      {
        Component: PublicOnlyRoute,
        children: [
          { path: paths.signIn, Component: SignInRoute },
          { path: paths.login, Component: SignInRoute },
          { path: paths.register, lazy: page(() => import('./routes/register.tsx')) },
          {
            path: paths.forgotPassword,
            lazy: page(() => import('./routes/forgot-password.tsx')),
          },
          {
            path: paths.resetPassword,
            lazy: page(() => import('./routes/reset-password.tsx')),
          },
        ],
      },
      // The operator console: its own sessions, guards and frame (app/operator).
      ...consoleRoutes,
      // Open with or without a session: a signed-in member who has not verified the email
      // yet comes here from the dashboard, and only a signed-in member can resend the code.
      { path: paths.verifyOtp, lazy: page(() => import('./routes/verify-otp.tsx')) },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: async () => ({ Component: (await import('./shell/app-shell.tsx')).AppShell }),
            children: [
              { path: paths.dashboard, lazy: page(() => import('./routes/dashboard.tsx')) },
              { path: paths.profile, lazy: page(() => import('./routes/profile.tsx')) },
              { path: paths.packages, lazy: page(() => import('./routes/packages.tsx')) },
              { path: paths.investments, lazy: page(() => import('./routes/investments.tsx')) },
              { path: paths.tradeIncome, lazy: page(() => import('./routes/trade-income.tsx')) },
              { path: paths.fund, lazy: page(() => import('./routes/fund.tsx')) },
              { path: paths.deposits, lazy: page(() => import('./routes/deposits.tsx')) },
              {
                path: paths.depositHistory,
                lazy: page(() => import('./routes/deposit-history.tsx')),
              },
              {
                path: paths.compoundingIncome,
                lazy: page(() => import('./routes/compounding-income.tsx')),
              },
              {
                path: paths.transactionHistory,
                lazy: page(() => import('./routes/transaction-history.tsx')),
              },
              { path: paths.withdrawal, lazy: page(() => import('./routes/withdrawal.tsx')) },
              {
                path: paths.withdrawalHistory,
                lazy: page(() => import('./routes/withdrawal-history.tsx')),
              },
              {
                path: paths.compoundingWithdrawalHistory,
                lazy: page(() => import('./routes/compounding-withdrawal-history.tsx')),
              },
              { path: paths.payout, lazy: page(() => import('./routes/payout.tsx')) },
              {
                path: paths.referralTeam,
                lazy: page(() => import('./routes/referral-team.tsx')),
              },
              { path: paths.levelTeam, lazy: page(() => import('./routes/level-team.tsx')) },
              { path: paths.rewards, lazy: page(() => import('./routes/rewards.tsx')) },
              { path: paths.markets, lazy: page(() => import('./routes/markets.tsx')) },
              {
                path: paths.teamAnalysis,
                lazy: page(() => import('./routes/team-analysis.tsx')),
              },
              ...teamIncomes.map((handle) => ({
                path: paths[handle.screen],
                handle,
                lazy: page(() => import('./routes/team-income.tsx')),
              })),
              { path: paths.support, lazy: page(() => import('./routes/support.tsx')) },
              {
                path: paths.verification,
                lazy: page(() => import('./routes/verification.tsx')),
              },
              { path: paths.payment, lazy: page(() => import('./routes/payment.tsx')) },
              { path: paths.cryptoDetail, lazy: page(() => import('./routes/crypto-detail.tsx')) },
              { path: '*', lazy: page(() => import('./routes/not-found.tsx')) },
            ],
          },
        ],
      },
    ],
  },
];
