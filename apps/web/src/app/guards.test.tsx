import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { getAccessToken, getUserDetail } from '../lib/auth-store.ts';
import { buildMember } from '../testing/factories.ts';
import { apiUrl, ok, unauthorized } from '../testing/handlers.ts';
import { renderApp, signInAs } from '../testing/render.tsx';
import { server } from '../testing/server.ts';

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

describe('route guards', () => {
  it('sends a visitor without a token from a protected screen to sign-in', async () => {
    const { router } = renderApp('/fund/investments');
    expect(await heading('Sign in')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(['/', '/login', '/register', '/forgot-password', '/reset-password?loginId=ABCD2345'])(
    'sends a signed-in member from %s to the dashboard',
    async (url) => {
      signInAs();
      const { router } = renderApp(url);
      expect(await heading('Dashboard')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
    },
  );

  it('keeps /verify-otp open to a signed-in member', async () => {
    signInAs();
    renderApp('/verify-otp');
    expect(await heading('Verify your email')).toBeInTheDocument();
  });

  it('leaves for the root when the API answers 401, forgetting the token', async () => {
    signInAs();
    server.use(http.get(apiUrl('auth/wallet-balance'), unauthorized));
    const { router } = renderApp('/dashboard');
    expect(await heading('Sign in')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(getAccessToken()).toBeNull();
    expect(await screen.findByText('Session expired, please sign in again')).toBeInTheDocument();
  });
});

describe('a session handed over in a link (?accessToken=)', () => {
  it('without a session: stores it and opens the dashboard, the token out of the address', async () => {
    const { router } = renderApp('/?accessToken=handed-over');
    expect(await heading('Dashboard')).toBeInTheDocument();
    expect(getAccessToken()).toBe('handed-over');
    expect(router.state.location.search).toBe('');
  });

  it('with the same session: takes it out of the address and goes on', async () => {
    signInAs(buildMember(), 'same-token');
    const { router } = renderApp('/?accessToken=same-token');
    expect(await heading('Dashboard')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getAccessToken()).toBe('same-token');
  });

  it("with another member's session: asks, keeping the current one unless told to switch", async () => {
    signInAs(buildMember({ name: 'Asha Verma', referral_code: 'ABCD2345' }), 'mine');
    const { router, user } = renderApp('/register?accessToken=theirs&referralCode=SPXN5678');
    const dialog = await screen.findByRole('dialog', { name: 'Switch account?' });
    expect(dialog).toHaveAccessibleDescription(
      'You are signed in as Asha Verma (Registered ID ABCD2345). The link you opened signs in as another account.',
    );
    // Off the address at once, whatever is chosen; the rest of the address stays.
    expect(router.state.location.search).toBe('?referralCode=SPXN5678');
    // Replaced, not pushed: Back cannot return to the address with the token.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(getAccessToken()).toBe('mine');

    await user.click(within(dialog).getByRole('button', { name: 'Keep current session' }));
    expect(await heading('Dashboard')).toBeInTheDocument();
    expect(getAccessToken()).toBe('mine');
    expect(getUserDetail()?.name).toBe('Asha Verma');
  });

  it('switches only when the member says so, forgetting the other member', async () => {
    signInAs(buildMember({ name: 'Asha Verma' }), 'mine');
    const them = buildMember({ id: 'member-2', name: 'Mallory Stone', referral_code: 'MALL0RY1' });
    server.use(http.get(apiUrl('auth/me'), () => ok({ ...them, readOnly: false })));
    const { user } = renderApp('/?accessToken=theirs');
    const dialog = await screen.findByRole('dialog', { name: 'Switch account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Switch account' }));
    expect(await heading('Dashboard')).toBeInTheDocument();
    expect(getAccessToken()).toBe('theirs');
    // Who this session belongs to comes from the server, never from the previous member.
    await waitFor(() => expect(getUserDetail()?.name).toBe('Mallory Stone'));
  });

  it('keeps the current session when the question is dismissed', async () => {
    signInAs(buildMember(), 'mine');
    const { user } = renderApp('/?accessToken=theirs');
    await screen.findByRole('dialog', { name: 'Switch account?' });
    await user.keyboard('{Escape}');
    expect(await heading('Dashboard')).toBeInTheDocument();
    expect(getAccessToken()).toBe('mine');
  });
});

describe('screens inside the shell', () => {
  it('opens the detail of one of the sixteen pairs', async () => {
    signInAs();
    renderApp('/eth-usdt');
    expect(await heading('ETH/USDT')).toBeInTheDocument();
  });

  it.each(['/doge-btc', '/no/such/page', '/payment/maybe'])(
    'shows not found inside the shell for %s',
    async (url) => {
      signInAs();
      renderApp(url);
      expect(await heading('Page not found')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    },
  );

  it('names the outcome of a payment', async () => {
    signInAs();
    renderApp('/payment/failed');
    expect(await heading('Payment failed')).toBeInTheDocument();
  });
});
