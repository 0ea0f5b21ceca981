import { screen, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMember } from '../../testing/factories.ts';
import { apiUrl } from '../../testing/handlers.ts';
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
});
