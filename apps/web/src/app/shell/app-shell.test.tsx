import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from '../../config/env.ts';
import { getAccessToken, getUserDetail, storageKeys } from '../../lib/auth-store.ts';
import {
  buildNotification,
  buildRewards,
  buildTeamAnalysis,
  buildTeamInfo,
  incomePage,
  notificationPage,
  pageOfItems,
} from '../../testing/factories.ts';
import { apiUrl, failure, ok } from '../../testing/handlers.ts';
import { renderApp, signInAs } from '../../testing/render.tsx';
import { asDesktop, resetScreen } from '../../testing/media.ts';
import { server } from '../../testing/server.ts';

// Written out, not derived from the menu's own config, so a dropped route fails here.
const everyMenuPath = [
  '/dashboard',
  '/packages',
  '/markets',
  '/fund',
  '/fund/deposits',
  '/fund/deposit-history',
  '/fund/investments',
  '/fund/withdrawal',
  '/fund/withdrawal-history',
  '/fund/compounding-withdrawal-history',
  '/fund/transaction-history',
  '/payout',
  '/income/referral-bonus',
  '/income/team-level-bonus',
  '/income/team-profit',
  '/income/trade-income',
  '/income/weekly-income',
  '/income/monthly-income',
  '/income/compounding-income',
  '/team/referral-team',
  '/team/level-team',
  '/team/team-analysis',
  '/rewards',
  '/query',
  '/profile',
];

async function openShell(url = '/profile') {
  signInAs();
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

const hrefs = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('app shell', () => {
  afterEach(resetScreen);

  it('lists every screen in the sidebar menu, then Sign out', async () => {
    asDesktop();
    await openShell();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    const screenLinks = within(menu)
      .getAllByRole('link')
      .filter((link) => link.textContent !== env.appName) // the brand above the menu
      .map((link) => link.getAttribute('href'));
    expect(screenLinks.sort()).toEqual([...everyMenuPath].sort());
    expect(within(menu).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('opens the menu drawer from the top bar and closes it after choosing a screen', async () => {
    server.use(http.get(apiUrl('team/analysis'), () => ok(buildTeamAnalysis())));
    const { user, router } = await openShell();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('presentation');
    // Below 1200 px the drawer is the only menu: no hidden sidebar is rendered beside it.
    expect(screen.getAllByRole('link', { name: 'Team analysis' })).toHaveLength(1);
    await user.click(within(drawer).getByRole('link', { name: 'Team analysis' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Team analysis' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/team/team-analysis');
    await waitFor(() => expect(screen.queryByRole('presentation')).not.toBeInTheDocument());
  });

  it('starts each screen the member moves to at its top, but does not scroll the one it landed on', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { router } = await openShell('/dashboard');
    // The page loaded at its top: a scroll would only force a layout in the first commit.
    expect(scrollTo).not.toHaveBeenCalled();
    await router.navigate('/profile');
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 0 }));
    scrollTo.mockClear();
    await router.navigate('/dashboard'); // back where it landed: another move all the same
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 0 }));
  });

  it('leads from the Income, Team and Account entries to the screens built for them', async () => {
    server.use(
      ...[
        'income/referral-bonus',
        'income/team-level-bonus',
        'auth/team-profit',
        'bounus/monthly-weekly',
        'bounus/monthly-salary',
      ].map((path) => http.get(apiUrl(path), () => ok(incomePage([])))),
      http.get(apiUrl('auth/team-info'), () => ok(buildTeamInfo())),
      http.get(apiUrl('auth/refer-list'), () => ok(pageOfItems([]))),
      http.get(apiUrl('team/analysis'), () => ok(buildTeamAnalysis())),
      http.get(apiUrl('safe/fetch-sir-reward'), () => ok(buildRewards())),
    );
    asDesktop();
    const { user, router } = await openShell();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    // Each with something only the built screen shows, never the "coming soon" placeholder.
    const entries = [
      ['Referral bonus', '/income/referral-bonus', 'No referral bonus yet'],
      ['Team level bonus', '/income/team-level-bonus', 'No team-level bonus yet'],
      ['Team profit', '/income/team-profit', 'No team profit yet'],
      ['Weekly income', '/income/weekly-income', 'No weekly income yet'],
      ['Monthly income', '/income/monthly-income', 'No monthly income yet'],
      ['Referral team', '/team/referral-team', 'No direct referrals yet'],
      ['Level team', '/team/level-team', 'Level 10'],
      ['Team analysis', '/team/team-analysis', 'Business per level'],
      ['Rewards', '/rewards', 'Rewards received'],
    ] as const;
    for (const [name, path, shown] of entries) {
      await user.click(within(menu).getByRole('link', { name }));
      expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      expect(await screen.findByText(shown)).toBeVisible();
      expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
    }
    // Opens a dozen screens one after another: twice the default time on a busy machine.
  }, 30_000);

  it('has the four bottom tabs and a support button', async () => {
    await openShell();
    expect(hrefs(screen.getByRole('navigation', { name: 'Quick navigation' }))).toEqual([
      '/dashboard',
      '/fund',
      '/packages',
      '/profile',
    ]);
    expect(screen.getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Wallet' })).toBeInTheDocument();
    const support = screen.getAllByRole('link', { name: 'Support' });
    expect(
      support.some(
        (link) => link.classList.contains('MuiFab-root') && link.getAttribute('href') === '/query',
      ),
    ).toBe(true);
  });

  it('shows Fund and Profit to 4 decimals in the header', async () => {
    await openShell();
    const balances = screen.getByRole('group', { name: 'Wallet balance' });
    expect(await within(balances).findByText('$1,250.5000')).toBeInTheDocument();
    expect(within(balances).getByText('$42.1235')).toBeInTheDocument();
    expect(within(balances).getByText('Fund')).toBeInTheDocument();
    expect(within(balances).getByText('Profit')).toBeInTheDocument();
  });

  it("shows 'Primary Wallet' and 'Profit Wallet' in dollars in the menu of every screen", async () => {
    asDesktop();
    await openShell();
    const wallets = within(
      screen.getByRole('navigation', { name: 'Main menu' }).parentElement!,
    ).getByRole('group', { name: 'Wallets' });
    expect(await within(wallets).findByText('$1,250.50')).toBeInTheDocument();
    expect(within(wallets).getByText('Primary Wallet')).toBeInTheDocument();
    expect(within(wallets).getByText('Profit Wallet')).toBeInTheDocument();
    expect(within(wallets).getByText('$42.12')).toBeInTheDocument();
  });

  it('counts unread notifications and lists them with their dates', async () => {
    server.use(
      http.get(apiUrl('notification'), () =>
        ok(
          notificationPage([
            buildNotification({
              id: 'n1',
              message: 'Your withdrawal was paid',
              createdAt: '2025-03-02T08:00:00.000Z',
            }),
            buildNotification({ id: 'n2', message: 'Welcome aboard', link: null }),
            buildNotification({ id: 'n3', message: 'Old news', read: true }),
          ]),
        ),
      ),
    );
    const { user } = await openShell();
    const bell = screen.getByRole('button', { name: /^Notifications/ });
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, 2 unread'));
    await user.click(bell);
    const drawer = await screen.findByRole('presentation');
    expect(within(drawer).getByText('Your withdrawal was paid')).toBeInTheDocument();
    expect(within(drawer).getByText('Mar 2, 2025', { exact: false })).toBeInTheDocument();
    expect(within(drawer).getAllByRole('img', { name: 'Unread' })).toHaveLength(2);
    // Closing the drawer marks nothing read: the dots mean "not looked at yet".
    const marked = vi.fn();
    server.use(
      http.post(apiUrl('notification/read'), async ({ request }) => {
        marked(await request.json());
        return ok({ updated: 1, unread: 1 });
      }),
    );
    await user.click(within(drawer).getByRole('button', { name: 'Close notifications' }));
    await waitFor(() => expect(screen.queryByRole('presentation')).not.toBeInTheDocument());
    expect(marked).not.toHaveBeenCalled();
  });

  it('marks an opened item read and follows its link; marks all read on request', async () => {
    const marked = vi.fn();
    server.use(
      http.get(apiUrl('notification'), () =>
        ok(
          notificationPage([
            buildNotification({ id: 'n1', message: 'Deposit credited' }),
            buildNotification({ id: 'n2', message: 'Welcome aboard', link: null }),
          ]),
        ),
      ),
      http.post(apiUrl('notification/read'), async ({ request }) => {
        marked(await request.json());
        return ok({ updated: 1, unread: 1 });
      }),
      // The screen the link leads to.
      http.get(apiUrl('secure/hist'), () => ok(pageOfItems([]))),
    );
    const { user, router } = await openShell();
    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    const drawer = await screen.findByRole('presentation');
    await user.click(within(drawer).getByRole('button', { name: /Welcome aboard/ }));
    await waitFor(() => expect(marked).toHaveBeenCalledWith({ ids: ['n2'] }));
    await user.click(within(drawer).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(marked).toHaveBeenLastCalledWith({}));
    await user.click(within(drawer).getByRole('link', { name: /Deposit credited/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fund/deposit-history'));
    expect(marked).toHaveBeenCalledWith({ ids: ['n1'] });
  });

  it('shows older notifications a page at a time', async () => {
    const newest = Array.from({ length: 20 }, (_, index) =>
      buildNotification({ id: `new-${index}`, message: `Recent ${index}`, read: true }),
    );
    server.use(
      http.get(apiUrl('notification'), ({ request }) => {
        const page = new URL(request.url).searchParams.get('page');
        const items =
          page === '2'
            ? [buildNotification({ id: 'old', message: 'The oldest', read: true })]
            : newest;
        return ok({ ...notificationPage(items), page: Number(page ?? 1), total: 21, unread: 0 });
      }),
    );
    const { user } = await openShell();
    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    const drawer = await screen.findByRole('presentation');
    expect(await within(drawer).findByText('Recent 19')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Show older notifications' }));
    expect(await within(drawer).findByText('The oldest')).toBeInTheDocument();
    expect(
      within(drawer).queryByRole('button', { name: 'Show older notifications' }),
    ).not.toBeInTheDocument();
  });

  it('says so when there are no notifications', async () => {
    const { user } = await openShell();
    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });

  it('signs out on the server, forgets the session and returns to sign-in', async () => {
    const authorization = vi.fn();
    server.use(
      http.post(apiUrl('auth/logout'), ({ request }) => {
        authorization(request.headers.get('authorization'));
        return ok(null, 'Signed out');
      }),
    );
    window.localStorage.setItem(storageKeys.referralCode, JSON.stringify('ABCD2345'));
    asDesktop();
    const { user, router } = await openShell();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('button', {
        name: 'Sign out',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(authorization).toHaveBeenCalledWith('Bearer test-token');
    expect(getAccessToken()).toBeNull();
    expect(getUserDetail()).toBeNull();
    expect(screen.getByLabelText('Registered ID')).toHaveValue('ABCD2345');
  });

  it('signs out locally even when the server cannot be reached', async () => {
    server.use(http.post(apiUrl('auth/logout'), () => failure(503, 'Service unavailable')));
    asDesktop();
    const { user } = await openShell();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('button', {
        name: 'Sign out',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(getAccessToken()).toBeNull();
  });
});
