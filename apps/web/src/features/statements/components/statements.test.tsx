import type { StatementLine, StatementPage, WalletsData } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, ok, validationFailure } from '../../../testing/handlers.ts';
import { asPhone, resetScreen } from '../../../testing/media.ts';
import { listItemTexts, tableCells } from '../../../testing/queries.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { serveList } from '../../../testing/serve-list.ts';

const line = (overrides: Partial<StatementLine>): StatementLine => ({
  id: '1',
  createdAt: '2025-03-02T09:00:00.000Z',
  wallet: 'fund',
  kind: 'adjustment',
  amount: 1000,
  balanceAfter: 1000,
  reference: 'adj:1',
  description: 'Opening balance (adjustment)',
  ...overrides,
});

const lines = [
  line({
    id: '3',
    createdAt: '2025-03-04T09:00:00.000Z',
    wallet: 'profit',
    kind: 'trade-income',
    amount: 5.25,
    balanceAfter: 5.25,
    description: 'Daily profit claimed',
  }),
  line({
    id: '2',
    createdAt: '2025-03-02T10:00:00.000Z',
    kind: 'package-purchase',
    amount: -500,
    balanceAfter: 500,
    description: 'Package Starter bought',
  }),
  line({ id: '1' }),
];

const page = (data: StatementLine[], total = data.length, pageSize = 20): StatementPage => ({
  data,
  page: 1,
  pageSize,
  total,
});

/** Serves the statement (a page of the size asked for) and records each query string. */
const serveStatement = (data: StatementLine[], total = data.length) =>
  serveList('auth/transaction-hist', (params) => {
    const size = Number(params.get('pageSize'));
    return ok(page(data.slice(0, size), total, size));
  });

const wallets: WalletsData = {
  fund: { available: 500, held: 0, total: 500 },
  profit: { available: 5.25, held: 2, total: 7.25 },
  compounding: { available: 0, held: 0, total: 0 },
};

afterEach(resetScreen);

// Whole-app renders with select menus take seconds on a busy two-core machine.
const slow = { timeout: 30_000 };

describe('/fund', slow, () => {
  beforeEach(() => {
    server.use(http.get(apiUrl('auth/wallet'), () => ok(wallets)));
  });

  it('shows the three wallets with available and held, their actions and the last five lines', async () => {
    const asked = serveStatement(lines);
    signInAs();
    renderApp('/fund');
    await screen.findByRole('heading', { level: 1, name: 'My Wallet' });

    const fund = await screen.findByRole('region', { name: 'Fund wallet' });
    expect(fund).toHaveTextContent('Available$500.00Held $0.00 · Total $500.00');
    expect(within(fund).getByRole('link', { name: 'Deposit' })).toHaveAttribute(
      'href',
      '/fund/deposits',
    );
    expect(within(fund).getByRole('link', { name: 'Buy package' })).toHaveAttribute(
      'href',
      '/packages',
    );
    const profit = screen.getByRole('region', { name: 'Profit wallet' });
    expect(profit).toHaveTextContent('Available$5.25Held $2.00 · Total $7.25');
    expect(within(profit).getByRole('link', { name: 'Withdraw' })).toHaveAttribute(
      'href',
      '/fund/withdrawal',
    );
    const compounding = screen.getByRole('region', { name: 'Compounding wallet' });
    expect(compounding).toHaveTextContent('Available$0.00');
    expect(within(compounding).getByRole('link', { name: 'Withdraw' })).toHaveAttribute(
      'href',
      '/fund/withdrawal?wallet=compounding',
    );

    const recent = await screen.findByRole('table', { name: 'Recent transactions' });
    expect(tableCells(recent).map((cells) => cells.slice(1))).toEqual([
      ['Profit', 'Daily profit claimed', '+$5.25', '$5.25'],
      ['Fund', 'Package Starter bought', '-$500.00', '$500.00'],
      ['Fund', 'Opening balance (adjustment)', '+$1,000.00', '$1,000.00'],
    ]);
    expect(asked).toEqual(['page=1&pageSize=5']);
    expect(screen.getByRole('link', { name: 'View all' })).toHaveAttribute(
      'href',
      '/fund/transaction-history',
    );
  });
});

async function openHistory(url = '/fund/transaction-history') {
  signInAs();
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Transaction history' });
  return view;
}

describe('/fund/transaction-history', slow, () => {
  it('lists date, wallet, description, signed amount and balance after', async () => {
    const asked = serveStatement(lines);
    await openHistory();
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(tableCells(table)).toEqual([
      [expect.stringMatching(/^Mar 4, 2025/), 'Profit', 'Daily profit claimed', '+$5.25', '$5.25'],
      [
        expect.stringMatching(/^Mar 2, 2025/),
        'Fund',
        'Package Starter bought',
        '-$500.00',
        '$500.00',
      ],
      [
        expect.stringMatching(/^Mar 2, 2025/),
        'Fund',
        'Opening balance (adjustment)',
        '+$1,000.00',
        '$1,000.00',
      ],
    ]);
    expect(asked).toEqual(['page=1&pageSize=20']);
  });

  it('keeps wallet, kind and dates in the address and sends them, back at page 1', async () => {
    const asked = serveStatement(lines, 45);
    const { user, router } = await openHistory('/fund/transaction-history?page=2');
    await screen.findByRole('table', { name: 'Transactions' });
    expect(asked).toEqual(['page=2&pageSize=20']);

    await user.click(screen.getByRole('combobox', { name: 'Wallet' }));
    await user.click(await screen.findByRole('option', { name: 'Fund' }));
    await waitFor(() => expect(asked).toContain('page=1&pageSize=20&wallet=fund'));
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Package purchase' }));
    await waitFor(() =>
      expect(asked).toContain('page=1&pageSize=20&wallet=fund&kind=package-purchase'),
    );
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-31' } });
    await waitFor(() =>
      expect(asked.at(-1)).toBe(
        'page=1&pageSize=20&wallet=fund&kind=package-purchase&from=2025-03-01&to=2025-03-31',
      ),
    );
    expect(router.state.location.search).toBe(
      '?wallet=fund&kind=package-purchase&from=2025-03-01&to=2025-03-31',
    );

    await user.click(
      within(screen.getByRole('navigation', { name: 'Transactions pages' })).getByRole('button', {
        name: 'Go to page 2',
      }),
    );
    await waitFor(() => expect(asked.at(-1)).toMatch(/^page=2&pageSize=20&wallet=fund/));
  });

  it('ignores malformed filters in the address instead of sending them', async () => {
    const asked = serveStatement(lines);
    await openHistory(
      '/fund/transaction-history?wallet=savings&kind=gift&from=yesterday&to=2025-03-31',
    );
    await screen.findByRole('table', { name: 'Transactions' });
    expect(asked).toEqual(['page=1&pageSize=20&to=2025-03-31']);
  });

  it('says so when nothing matches the filters, and leaves nothing to export', async () => {
    serveStatement([]);
    await openHistory('/fund/transaction-history?wallet=compounding');
    expect(await screen.findByText('No transactions match these filters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('leads to a deposit when there is nothing at all', async () => {
    serveStatement([]);
    await openHistory();
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Make a deposit' })).toHaveAttribute(
      'href',
      '/fund/deposits',
    );
  });

  it('shows cards instead of a table on a phone', async () => {
    asPhone();
    serveStatement(lines);
    await openHistory();
    const list = await screen.findByRole('list', { name: 'Transactions' });
    expect(listItemTexts(list)).toEqual([
      expect.stringMatching(
        /^Daily profit claimedAmount \+\$5\.25DateMar 4, 2025.*WalletProfitBalance after\$5\.25$/,
      ),
      expect.stringMatching(
        /^Package Starter boughtAmount -\$500\.00Date.*WalletFundBalance after\$500\.00$/,
      ),
      expect.stringMatching(
        /^Opening balance \(adjustment\)Amount \+\$1,000\.00Date.*WalletFundBalance after\$1,000\.00$/,
      ),
    ]);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('exports the filtered statement as CSV with the bearer token, as a Blob download', async () => {
    serveStatement(lines);
    const requests: Request[] = [];
    server.use(
      http.get(apiUrl('auth/transaction-hist.csv'), ({ request }) => {
        requests.push(request);
        return new HttpResponse('id,createdAt\r\n', {
          headers: { 'content-type': 'text/csv; charset=utf-8' },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:statement');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);

    const { user } = await openHistory('/fund/transaction-history?wallet=fund&page=3');
    await screen.findByRole('table', { name: 'Transactions' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!.url).search).toBe('?wallet=fund');
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer test-token');
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(await blob.text()).toBe('id,createdAt\r\n');
    const anchor = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(anchor.download).toBe('transactions.csv');
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:statement'));
    click.mockRestore();
  });

  it('tells the member when the export is refused', async () => {
    serveStatement(lines);
    server.use(
      http.get(apiUrl('auth/transaction-hist.csv'), () =>
        validationFailure([{ field: 'to', reason: 'To must not be before From' }]),
      ),
    );
    const { user } = await openHistory();
    await screen.findByRole('table', { name: 'Transactions' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('to: To must not be before From')).toBeInTheDocument();
  });
});
