import type { TradeIncomeRecord } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTradeIncome, pageOfItems } from '../../../testing/factories.ts';
import { ok } from '../../../testing/handlers.ts';
import { asPhone, resetScreen } from '../../../testing/media.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { listItemTexts, tableCells } from '../../../testing/queries.ts';
import { serveList } from '../../../testing/serve-list.ts';

const records = [
  buildTradeIncome({ id: 't2', dayNumber: 2, period: '2025-03-03', amount: 0.3 }),
  buildTradeIncome({
    id: 't1',
    dayNumber: 1,
    period: '2025-03-02',
    amount: 4.320984,
    packageName: 'Growth',
    purchaseAmount: 1080.246,
    purchasedAt: '2025-03-01T18:30:00.000Z',
  }),
];

/** Serves trade income and records the query string of each request. */
const serveTradeIncome = (
  items: TradeIncomeRecord[],
  { total = items.length, totalAmount = 4.620984 } = {},
) => serveList('trading/fetch-user-trade', () => ok({ ...pageOfItems(items), total, totalAmount }));

async function openTradeIncome(url = '/income/trade-income') {
  signInAs();
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Trade income' });
  return view;
}

const total = () => screen.getByRole('region', { name: 'Total trade income' });

describe('trade income', () => {
  afterEach(resetScreen);

  it('lists each claimed day in a table with the total of every match', async () => {
    const asked = serveTradeIncome(records, { total: 2 });
    await openTradeIncome();
    const table = await screen.findByRole('table', { name: 'Trade income' });
    // The purchase column tells two purchases of one package apart.
    expect(tableCells(table).map((cells) => cells.slice(0, 5))).toEqual([
      ['Mar 3, 2025', 'Starter', '$100.00 on Mar 1, 2025', '2', '$0.30'],
      ['Mar 2, 2025', 'Growth', '$1,080.2460 on Mar 1, 2025', '1', '$4.3210'],
    ]);
    expect(within(total()).getByText('$4.6210')).toBeInTheDocument();
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
    asPhone();
    serveTradeIncome(records);
    await openTradeIncome();
    const list = await screen.findByRole('list', { name: 'Trade income' });
    expect(listItemTexts(list)).toEqual([
      expect.stringMatching(
        /^StarterAmount \$0\.30Earned onMar 3, 2025Purchase\$100\.00 on Mar 1, 2025Package day2Claimed onMar 5, 2025/,
      ),
      expect.stringMatching(
        /^GrowthAmount \$4\.3210Earned onMar 2, 2025Purchase\$1,080\.2460 on Mar 1, 2025Package day1Claimed onMar 5, 2025/,
      ),
    ]);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
