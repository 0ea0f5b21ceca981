import type { PurchasedPackageView } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildPurchasedPackage, pageOfItems } from '../../../testing/factories.ts';
import { apiUrl, ok } from '../../../testing/handlers.ts';
import { detailValue } from '../../../testing/queries.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

const running = buildPurchasedPackage({
  id: 'a1',
  name: 'Growth',
  amount: 1000,
  dailyProfitAmount: 4,
  dailyPercentage: 0.4,
  claimedDays: 10,
  claimedProfit: 40,
  forfeitedDays: 2,
  remainingDays: 353,
  remainingProfit: 1412,
});
const ended = buildPurchasedPackage({
  id: 'a2',
  isExpired: true,
  claimedDays: 365,
  claimedProfit: 109.5,
  remainingDays: 0,
  remainingProfit: 0,
  startDate: '2024-02-01',
  expiresAt: '2025-01-31T00:00:00.000Z',
});

/** Serves the given pages of purchased packages and records the page asked for. */
function serveInvestments(items: PurchasedPackageView[], total = items.length) {
  const asked: string[] = [];
  server.use(
    http.get(apiUrl('package/my-packages'), ({ request }) => {
      const search = new URL(request.url).searchParams;
      // StrictMode mounts twice and the first, cancelled request repeats: count each query once.
      if (!asked.includes(search.toString())) asked.push(search.toString());
      return ok({ ...pageOfItems(items), page: Number(search.get('page')), total });
    }),
  );
  return asked;
}

async function openInvestments(url = '/fund/investments') {
  signInAs();
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Investments' });
  return view;
}

describe('investments', () => {
  it('shows each package with its progress in days, claimed and remaining profit and dates', async () => {
    serveInvestments([running, ended]);
    await openInvestments();
    const growth = await screen.findByRole('article', { name: 'Growth' });
    expect(within(growth).getByText('$1,000.00')).toBeInTheDocument();
    expect(within(growth).getByText('Active')).toBeInTheDocument();
    // Claimed and forfeited days are both behind the member.
    const progress = within(growth).getByRole('progressbar', { name: 'Growth progress' });
    expect(progress).toHaveAttribute('aria-valuetext', '12 of 365 days');
    expect(Number(progress.getAttribute('aria-valuenow'))).toBeCloseTo((12 / 365) * 100, 6);
    expect(within(growth).getByText('12 / 365 days')).toBeInTheDocument();
    expect(within(growth).getByText('2 days forfeited (not claimed in time)')).toBeInTheDocument();
    expect(detailValue(growth, 'Daily profit')).toBe('$4.00 (0.4 %)');
    expect(detailValue(growth, 'Claimed profit (10 days)')).toBe('$40.00');
    expect(detailValue(growth, 'Remaining profit (353 days)')).toBe('$1,412.00');
    expect(detailValue(growth, 'Started')).toBe('Mar 1, 2025');
    expect(detailValue(growth, 'Ends')).toMatch(/^Mar \d, 2026/);

    const starter = screen.getByRole('article', { name: 'Starter' });
    expect(within(starter).getByText('Expired')).toBeInTheDocument();
    const done = within(starter).getByRole('progressbar', { name: 'Starter progress' });
    expect(done).toHaveAttribute('aria-valuenow', '100');
    expect(done).toHaveAttribute('aria-valuetext', '365 of 365 days');
    expect(detailValue(starter, 'Remaining profit (0 days)')).toBe('$0.00');
    expect(detailValue(starter, 'Ended')).toMatch(/^Jan 3[01], 2025/);
  });

  it('pages through a long list, keeping the page in the address', async () => {
    const asked = serveInvestments([running], 45);
    const { user, router } = await openInvestments();
    const pages = await screen.findByRole('navigation', { name: 'Investments pages' });
    expect(asked).toEqual(['page=1&pageSize=20']);
    await user.click(within(pages).getByRole('button', { name: 'Go to page 3' }));
    expect(await within(pages).findByRole('button', { name: 'page 3' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(asked).toContain('page=3&pageSize=20');
    expect(router.state.location.search).toBe('?page=3');
  });

  it('opens at the page in the address and shows no pager for a single page', async () => {
    const asked = serveInvestments([running]);
    await openInvestments('/fund/investments?page=2');
    await screen.findByRole('article', { name: 'Growth' });
    expect(asked).toEqual(['page=2&pageSize=20']);
    expect(screen.queryByRole('navigation', { name: 'Investments pages' })).not.toBeInTheDocument();
  });

  it('shows 6 skeleton rows while loading, then leads a member without packages to the catalogue', async () => {
    server.use(
      http.get(apiUrl('package/my-packages'), async () => {
        await delay(150);
        return ok(pageOfItems<PurchasedPackageView>([]));
      }),
    );
    await openInvestments();
    const loading = await screen.findByRole('status', { name: 'Loading investments' });
    expect(within(loading).getAllByTestId('skeleton-row')).toHaveLength(6);
    expect(await screen.findByText('No investments yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See packages' })).toHaveAttribute('href', '/packages');
  });
});
