import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  buildMember,
  buildUserEarner,
  buildWalletSummary,
  pageOfItems,
} from '../../testing/factories.ts';
import { apiUrl, failure, ok } from '../../testing/handlers.ts';
import { tableCells } from '../../testing/queries.ts';
import { renderApp, signInAs } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';

describe('dashboard', () => {
  it('shows both wallets in dollars with 2 decimals', async () => {
    signInAs();
    renderApp('/dashboard');
    const primary = await screen.findByRole('region', { name: 'Primary Wallet' });
    expect(within(primary).getByText('$1,250.50')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Profit Wallet' })).getByText('$42.12'),
    ).toBeInTheDocument();
  });

  it('shows 6 skeleton rows while the balances load', async () => {
    server.use(http.get(apiUrl('auth/wallet-balance'), () => delay('infinite')));
    signInAs();
    renderApp('/dashboard');
    const loading = await screen.findByRole('status', { name: 'Loading wallets' });
    expect(within(loading).getAllByTestId('skeleton-row')).toHaveLength(6);
  });

  it('reminds of identity verification only once the profit wallet could go past what needs none', async () => {
    // The default: $1,000 of withdrawals before verification; a new member's wallets are empty.
    server.use(
      http.get(apiUrl('auth/wallet-balance'), () => ok({ primary_wallet: 0, profit_wallet: 0 })),
    );
    signInAs();
    const { unmount } = renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Profit Wallet' });
    await screen.findByRole('region', { name: 'Invite members' });
    expect(screen.queryByText(/need a verified identity/)).not.toBeInTheDocument();
    unmount();

    server.use(
      http.get(apiUrl('auth/wallet-balance'), () => ok({ primary_wallet: 0, profit_wallet: 1500 })),
    );
    renderApp('/dashboard');
    expect(
      await screen.findByText('Withdrawals past $1,000.00 more need a verified identity.'),
    ).toBeInTheDocument();
  });

  it('offers the referral link to copy', async () => {
    signInAs();
    const { user } = renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Invite members' });
    const link = 'http://localhost:3000/register?referralCode=ABCD2345';
    expect(await within(card).findByDisplayValue(link)).toBeInTheDocument();
    expect(within(card).getByText('Your ID: ABCD2345')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(await screen.findByText('Referral link copied')).toBeInTheDocument();
  });

  it('asks a member who has not verified the email to do so', async () => {
    signInAs(buildMember({ verified: false, referral_code: 'ABCD2345' }));
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.getByText(/Verify your email/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify now' })).toHaveAttribute(
      'href',
      '/verify-otp?loginId=ABCD2345',
    );
  });

  it('totals every kind of income, each leading to its list', async () => {
    server.use(
      http.get(apiUrl('auth/wallet-summary'), () =>
        ok(buildWalletSummary({ weeklyIncome: 12.3456 })),
      ),
    );
    signInAs();
    renderApp('/dashboard');
    const totals = await screen.findByRole('region', { name: 'Income by kind' });
    expect(
      within(totals)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Trade$42.50', '/income/trade-income'],
      ['Compounding$1.2340', '/income/compounding-income'],
      ['Referral bonus$50.00', '/income/referral-bonus'],
      ['Team-level bonus$0.00', '/income/team-level-bonus'],
      ['Team profit$0.30', '/income/team-profit'],
      ['Weekly$12.3456', '/income/weekly-income'],
      ['Monthly$0.00', '/income/monthly-income'],
      ['Rewards$25.00', '/rewards'],
    ]);
  });

  it('shows what was invested, what earns now, deposited and withdrawn, each leading to its list', async () => {
    signInAs();
    renderApp('/dashboard');
    const totals = await screen.findByRole('region', { name: 'Investments' });
    expect(
      within(totals)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Total invested$1,000.00', '/fund/investments'],
      ['Active packages2$600.00 earning', '/fund/investments'],
      ['Deposited$1,500.00', '/fund/deposit-history'],
      ['Withdrawn$100.00', '/fund/withdrawal-history'],
    ]);
  });

  it('shows the sixteen market pairs, each leading to its page', async () => {
    signInAs();
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: /^Market/ });
    const list = await within(card).findByRole('list', { name: 'Market pairs' });
    const rows = within(list).getAllByRole('link');
    expect(rows).toHaveLength(16);
    expect(rows[0]).toHaveAttribute('href', '/btc-usdt');
  });

  it('lists the recent transactions, with the way to all of them', async () => {
    server.use(
      http.get(apiUrl('auth/transaction-hist'), ({ request }) => {
        expect(new URL(request.url).searchParams.get('pageSize')).toBe('5');
        return ok(
          pageOfItems([
            {
              id: '1',
              createdAt: '2025-03-02T09:00:00.000Z',
              wallet: 'fund' as const,
              kind: 'deposit' as const,
              amount: 100,
              balanceAfter: 100,
              reference: 'deposit:1',
              description: 'Deposit confirmed',
            },
          ]),
        );
      }),
    );
    signInAs();
    renderApp('/dashboard');
    const recent = await screen.findByRole('region', { name: 'Recent transactions' });
    expect(await within(recent).findByText('Deposit confirmed')).toBeInTheDocument();
    expect(within(recent).getByRole('link', { name: 'View all' })).toHaveAttribute(
      'href',
      '/fund/transaction-history',
    );
  });

  it('charts the last 30 days of earnings by kind, with the totals in words and the days in a table', async () => {
    signInAs();
    renderApp('/dashboard');
    const chart = await screen.findByRole('figure', { name: 'Earnings, last 30 days' });
    expect(chart).toHaveTextContent('$50.60 in all: Referral bonus $50.00, Daily profit $0.60.');
    expect(
      tableCells(within(chart).getByRole('table', { name: 'Earnings, last 30 days: the values' })),
    ).toEqual([
      ['Mar 1, 2025', '$0.30', '$0.00', '$0.30'],
      ['Mar 2, 2025', '$50.30', '$50.00', '$0.30'],
      ['Mar 3, 2025', '$0.00', '$0.00', '$0.00'],
    ]);
  });

  it('shows the next rank with its progress', async () => {
    signInAs();
    renderApp('/dashboard');
    const rank = await screen.findByRole('region', { name: 'Next rank' });
    expect(rank).toHaveTextContent('Your rank: Bronze · next: Silver');
    expect(
      within(rank).getByRole('progressbar', { name: 'Active directs towards Silver' }),
    ).toHaveAttribute('aria-valuenow', '80');
    expect(within(rank).getByRole('link', { name: 'All ranks' })).toHaveAttribute(
      'href',
      '/rewards',
    );
  });

  it("holds the later cards' places with skeletons while their data loads", async () => {
    server.use(
      http.get(apiUrl('auth/wallet-summary'), () => delay('infinite')),
      http.get(apiUrl('auth/user-earner'), () => delay('infinite')),
      http.get(apiUrl('safe/fetch-sir-reward'), () => delay('infinite')),
    );
    signInAs();
    renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Primary Wallet' });
    // The same places before the cards' code arrives and while their data loads.
    await waitFor(() => {
      for (const name of [
        'Loading investments',
        'Loading income by kind',
        'Loading earnings',
        'Loading your rank',
      ])
        expect(screen.getByRole('status', { name })).toBeVisible();
    });
    expect(screen.getByText('Earnings, last 30 days')).toBeVisible();
  });

  it('says when nothing was earned, and offers Retry when a card fails', async () => {
    server.use(
      http.get(apiUrl('auth/user-earner'), () =>
        ok(buildUserEarner({ kinds: [], days: [], totals: {}, total: 0 })),
      ),
      http.get(apiUrl('auth/wallet-summary'), () => failure(500, 'Something went wrong')),
      http.get(apiUrl('safe/fetch-sir-reward'), () => failure(500, 'Something went wrong')),
    );
    signInAs();
    renderApp('/dashboard');
    expect(await screen.findByText(/Nothing earned in the last 30 days/)).toBeVisible();
    expect(await screen.findByText('Your income totals could not be loaded.')).toBeVisible();
    expect(await screen.findByText('Your rank could not be loaded.')).toBeVisible();
    expect(await screen.findByText('Your investment totals could not be loaded.')).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(3);
  });

  it('keeps its headings in order for screen readers, loading or loaded', async () => {
    server.use(http.get(apiUrl('safe/fetch-sir-reward'), () => delay('infinite')));
    signInAs();
    renderApp('/dashboard');
    await screen.findByRole('figure', { name: 'Earnings, last 30 days' });
    await screen.findByRole('region', { name: 'Income by kind' });
    const levels = screen.getAllByRole('heading').map((heading) => heading.tagName);
    expect(levels[0]).toBe('H1');
    expect(levels.slice(1).every((level) => level === 'H2')).toBe(true);
  });
});
