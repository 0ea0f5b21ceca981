import type { ClaimProfitData, ClaimStatusData, WalletBalance } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { nothingToClaim } from '../../../testing/factories.ts';
import { apiUrl, failure, ok } from '../../../testing/handlers.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

const nextClaimAt = '2025-03-06T12:00:00.000Z';
const claimable: ClaimStatusData = {
  claimedToday: false,
  claimedTodayAmount: 0,
  claimableAmount: 1.5,
  claimableDays: 5,
  nextClaimAt,
};
const claimed: ClaimProfitData = {
  claimId: 'claim-1',
  totalAmount: 1.5,
  forfeitedDays: 0,
  lines: [
    { packageId: 'p1', packageName: 'Starter', dayNumber: 1, period: '2025-03-02', amount: 0.3 },
  ],
};

/** Serves the claim status and answers claims in turn; the status follows a successful claim. */
function serveClaims(initial: ClaimStatusData, ...answers: (() => Response)[]) {
  let status = initial;
  const keys: (string | null)[] = [];
  server.use(
    http.get(apiUrl('package/todays-claim-status'), () => ok(status)),
    http.post(apiUrl('package/claim-profit'), ({ request }) => {
      keys.push(request.headers.get('idempotency-key'));
      const response = answers[keys.length - 1]?.() ?? failure(500, 'no answer prepared');
      if (response.ok)
        status = {
          ...status,
          claimedToday: true,
          claimedTodayAmount: status.claimableAmount,
          claimableAmount: 0,
          claimableDays: 0,
        };
      return response;
    }),
  );
  return keys;
}

async function openCard() {
  signInAs();
  const view = renderApp('/dashboard');
  const card = await screen.findByRole('region', { name: 'Daily profit' });
  return { ...view, card };
}

describe('daily profit claim card', () => {
  it('shows what can be claimed, claims it and turns to the done state with the next claim time', async () => {
    const keys = serveClaims(claimable, () => ok(claimed, 'Profit claimed: $1.5'));
    const { card, user } = await openCard();
    expect(await within(card).findByLabelText('Claimable amount')).toHaveTextContent('$1.50');
    expect(
      within(card).getByText('5 days of profit, paid into your profit wallet'),
    ).toBeInTheDocument();
    expect(
      await within(screen.getByRole('group', { name: 'Wallet balance' })).findByText('$42.1235'),
    ).toBeInTheDocument();
    server.use(
      http.get(apiUrl('auth/wallet-balance'), () =>
        ok<WalletBalance>({ primary_wallet: 1250.5, profit_wallet: 43.623456 }),
      ),
    );

    await user.click(within(card).getByRole('button', { name: 'CLAIM' }));

    expect(await within(card).findByText(/Claimed/)).toHaveTextContent('Claimed $1.50 today');
    expect(within(card).getByText(/Next claim from/)).toHaveTextContent('Mar 6, 2025');
    expect(within(card).queryByRole('button', { name: 'CLAIM' })).not.toBeInTheDocument();
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    // The header's Profit follows the claim.
    expect(
      await within(screen.getByRole('group', { name: 'Wallet balance' })).findByText('$43.6235'),
    ).toBeInTheDocument();
  });

  it('retries a claim whose answer was lost with the same Idempotency-Key', async () => {
    const keys = serveClaims(
      claimable,
      () => HttpResponse.error(),
      () => ok(claimed),
    );
    const { card, user } = await openCard();
    await user.click(await within(card).findByRole('button', { name: 'CLAIM' }));
    expect(await screen.findByText('Network error, please try again')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'CLAIM' }));
    expect(await within(card).findByText(/Claimed/)).toHaveTextContent('Claimed $1.50 today');
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('keeps CLAIM disabled when nothing is claimable and says when the next profit comes', async () => {
    serveClaims({ ...nothingToClaim, nextClaimAt });
    const { card } = await openCard();
    expect(await within(card).findByText('Nothing to claim yet')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'CLAIM' })).toBeDisabled();
    expect(within(card).getByText(/Next claim from/)).toHaveTextContent('Mar 6, 2025');
  });

  it('points a member with no earning package to the packages', async () => {
    const { card } = await openCard();
    expect(await within(card).findByRole('link', { name: 'Buy a package' })).toHaveAttribute(
      'href',
      '/packages',
    );
    expect(within(card).getByRole('button', { name: 'CLAIM' })).toBeDisabled();
  });

  it('shows the done state with the amount for a claim made earlier today', async () => {
    serveClaims({
      claimedToday: true,
      claimedTodayAmount: 2.25,
      claimableAmount: 0,
      claimableDays: 0,
      nextClaimAt,
    });
    const { card } = await openCard();
    expect(await within(card).findByText(/Claimed/)).toHaveTextContent('Claimed $2.25 today');
    expect(within(card).queryByRole('button', { name: 'CLAIM' })).not.toBeInTheDocument();
  });

  it('says the day is done when today only forfeited days (nothing paid)', async () => {
    serveClaims({
      claimedToday: true,
      claimedTodayAmount: 0,
      claimableAmount: 0,
      claimableDays: 0,
      nextClaimAt,
    });
    const { card } = await openCard();
    expect(await within(card).findByText("Today's profit is claimed")).toBeInTheDocument();
  });

  it('shows skeleton rows while the status loads', async () => {
    server.use(http.get(apiUrl('package/todays-claim-status'), () => delay('infinite')));
    const { card } = await openCard();
    const loading = within(card).getByRole('status', { name: 'Loading daily profit' });
    expect(within(loading).getAllByTestId('skeleton-row')).toHaveLength(2);
  });

  it('tells the member when the server finds nothing to claim', async () => {
    serveClaims(claimable, () => failure(409, 'Nothing to claim yet', 'NOTHING_TO_CLAIM'));
    const { card, user } = await openCard();
    await user.click(await within(card).findByRole('button', { name: 'CLAIM' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Nothing to claim yet',
      ),
    );
  });
});
