import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { getAccessToken, storageKeys } from '../lib/auth-store.ts';
import { apiUrl, unauthorized } from '../testing/handlers.ts';
import { renderApp, signInAs } from '../testing/render.tsx';
import { server } from '../testing/server.ts';

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

describe('route guards', () => {
  it('sends a visitor without a token from a protected screen to sign-in', async () => {
    const { router } = renderApp('/fund/investments');
    expect(await heading('Sign in')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(['/', '/login', '/register'])(
    'sends a signed-in member from %s to the dashboard',
    async (url) => {
      signInAs();
      const { router } = renderApp(url);
      expect(await heading('Dashboard')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
    },
  );

  it('stores a token handed over in the URL and opens the dashboard without it in the address', async () => {
    const { router } = renderApp('/?accessToken=handed-over');
    expect(await heading('Dashboard')).toBeInTheDocument();
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBe('"handed-over"');
    expect(router.state.location.search).toBe('');
  });

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

describe('screens inside the shell', () => {
  it('shows a coming-soon page with what the screen will show and a way back', async () => {
    signInAs();
    renderApp('/rewards');
    expect(await heading('Rewards')).toBeInTheDocument();
    expect(screen.getByText(/The ranks, your progress/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

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
