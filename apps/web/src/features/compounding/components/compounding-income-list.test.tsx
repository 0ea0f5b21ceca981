import type { CompoundingIncomeRecord } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildCompoundingIncome, pageOfItems } from '../../../testing/factories.ts';
import { apiUrl, failure, ok } from '../../../testing/handlers.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { tableCells } from '../../../testing/queries.ts';
import { server } from '../../../testing/server.ts';
import { serveList } from '../../../testing/serve-list.ts';

const records = [
  buildCompoundingIncome({ id: 'c2', period: '2025-03-03', baseAmount: 1001, amount: 1.001 }),
  buildCompoundingIncome({ id: 'c1', period: '2025-03-02' }),
];

/** Serves compounding income and records the query string of each request. */
const serveIncome = (
  items: CompoundingIncomeRecord[],
  { total = items.length, totalAmount = 2.001 } = {},
) => serveList('compounding/income', () => ok({ ...pageOfItems(items), total, totalAmount }));

async function openIncome(url = '/income/compounding-income') {
  signInAs();
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Compounding income' });
  return view;
}

const total = () => screen.getByRole('region', { name: 'Total compounding income' });

describe('compounding income', () => {
  it('lists each day with the balance it earned on, the rate and the amount, with the total', async () => {
    const asked = serveIncome(records);
    await openIncome();
    const table = await screen.findByRole('table', { name: 'Compounding income' });
    expect(tableCells(table).map((cells) => cells.slice(0, 4))).toEqual([
      ['Mar 3, 2025', '$1,001.00', '0.1\u00a0%', '$1.0010'],
      ['Mar 2, 2025', '$1,000.00', '0.1\u00a0%', '$1.00'],
    ]);
    expect(within(total()).getByText('$2.0010')).toBeInTheDocument();
    expect(asked).toEqual(['page=1&pageSize=20']);
  });

  it('filters by day in the address and pages through the matches', async () => {
    const asked = serveIncome(records, { total: 45 });
    const { user, router } = await openIncome('/income/compounding-income?page=2');
    await screen.findByRole('table', { name: 'Compounding income' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-01' } });
    await waitFor(() => expect(asked).toContain('page=1&pageSize=20&from=2025-03-01'));
    expect(within(total()).getByText('Total in these dates')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Compounding income pages' })).getByRole(
        'button',
        { name: 'Go to page 3' },
      ),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?from=2025-03-01&page=3'));
    expect(asked.at(-1)).toBe('page=3&pageSize=20&from=2025-03-01');
  });

  it('does not send a To before From, and says so on the field', async () => {
    const asked = serveIncome(records);
    await openIncome('/income/compounding-income?from=2025-03-10&to=2025-03-01');
    await screen.findByRole('table', { name: 'Compounding income' });
    expect(screen.getByText('To must not be before From')).toBeInTheDocument();
    expect(asked).toEqual(['page=1&pageSize=20&from=2025-03-10']);
  });

  it('leads to the move when there is no income at all, and says so for empty dates', async () => {
    serveIncome([], { totalAmount: 0 });
    await openIncome();
    expect(await screen.findByText('No compounding income yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Move profit on My Wallet' })).toHaveAttribute(
      'href',
      '/fund',
    );
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } });
    expect(await screen.findByText('No compounding income in these dates')).toBeInTheDocument();
  });

  it('shows skeleton rows while loading, then Retry and a toast when it fails', async () => {
    server.use(http.get(apiUrl('compounding/income'), () => delay('infinite')));
    const { unmount } = await openIncome();
    expect(await screen.findByRole('status', { name: 'Loading compounding income' })).toBeVisible();
    unmount();

    server.use(http.get(apiUrl('compounding/income'), () => failure(500, 'Something went wrong')));
    await openIncome();
    expect(
      await screen.findByText('Your compounding income could not be loaded.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});
