import type { TradeIncomeRecord } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTradeIncome, pageOfItems } from '../../../testing/factories.ts';
import { apiUrl, ok } from '../../../testing/handlers.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

const records = [
  buildTradeIncome({ id: 't2', dayNumber: 2, period: '2025-03-03', amount: 0.3 }),
  buildTradeIncome({
    id: 't1',
    dayNumber: 1,
    period: '2025-03-02',
    amount: 4.320984,
    packageName: 'Growth',
  }),
];

/** Serves trade income and records the query string of each request. */
function serveTradeIncome(
  items: TradeIncomeRecord[],
  { total = items.length, totalAmount = 4.620984 } = {},
) {
  const asked: string[] = [];
  server.use(
    http.get(apiUrl('trading/fetch-user-trade'), ({ request }) => {
      const search = new URL(request.url).searchParams.toString();
      // StrictMode mounts twice and the first, cancelled request repeats: count each query once.
      if (asked.at(-1) !== search) asked.push(search);
      return ok({ ...pageOfItems(items), total, totalAmount });
    }),
  );
  return asked;
}

async function openTradeIncome(url = '/income/trade-income') {
  signInAs();
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Trade income' });
  return view;
}

const total = () => screen.getByRole('region', { name: 'Total trade income' });

describe('trade income', () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'matchMedia');
  });

  it('lists each claimed day in a table with the total of every match', async () => {
    const asked = serveTradeIncome(records, { total: 2 });
    await openTradeIncome();
    const table = await screen.findByRole('table', { name: 'Trade income' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Mar 3, 2025', 'Starter', '2', '$0.30'],
      ['Mar 2, 2025', 'Growth', '1', '$4.321'],
    ]);
    expect(within(total()).getByText('$4.621')).toBeInTheDocument();
    expect(asked).toEqual(['page=1&pageSize=20']);
  });

  it('filters by the days earned, sending from and to and starting again at page 1', async () => {
    const asked = serveTradeIncome(records, { total: 45 });
    const { user, router } = await openTradeIncome('/income/trade-income?page=2');
    await screen.findByRole('table', { name: 'Trade income' });
    expect(asked).toEqual(['page=2&pageSize=20']);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-01' } });
    await waitFor(() => expect(asked).toContain('page=1&pageSize=20&from=2025-03-01'));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-31' } });
    await waitFor(() =>
      expect(asked).toContain('page=1&pageSize=20&from=2025-03-01&to=2025-03-31'),
    );
    expect(router.state.location.search).toBe('?from=2025-03-01&to=2025-03-31');
    expect(within(total()).getByText('Total in these dates')).toBeInTheDocument();

    await user.click(
      within(await screen.findByRole('navigation', { name: 'Trade income pages' })).getByRole(
        'button',
        { name: 'Go to page 2' },
      ),
    );
    await waitFor(() =>
      expect(asked).toContain('page=2&pageSize=20&from=2025-03-01&to=2025-03-31'),
    );

    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(asked.at(-1)).toBe('page=1&pageSize=20');
  });

  it('ignores a malformed date in the address instead of sending it', async () => {
    const asked = serveTradeIncome(records);
    await openTradeIncome('/income/trade-income?from=yesterday&to=2025-03-31');
    await screen.findByRole('table', { name: 'Trade income' });
    expect(asked).toEqual(['page=1&pageSize=20&to=2025-03-31']);
  });

  it('says so when nothing matches the dates, and leads to the claim when there is none at all', async () => {
    serveTradeIncome([], { totalAmount: 0 });
    await openTradeIncome('/income/trade-income?from=2025-01-01');
    expect(await screen.findByText('No trade income in these dates')).toBeInTheDocument();
    expect(within(total()).getByText('$0.00')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    expect(await screen.findByText('No trade income yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Claim on the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('shows cards instead of a table on a phone', async () => {
    // jsdom has no media queries; this one answers as a 390 px screen would.
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: vi.fn((query: string) => ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      })),
    });
    serveTradeIncome(records);
    await openTradeIncome();
    const list = await screen.findByRole('list', { name: 'Trade income' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Starter · Day 2\$0\.30Earned Mar 3, 2025Claimed Mar 5, 2025/),
      expect.stringMatching(/^Growth · Day 1\$4\.321Earned Mar 2, 2025Claimed Mar 5, 2025/),
    ]);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
