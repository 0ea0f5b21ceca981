import type { WithdrawalView } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { buildWithdrawal, pageOfItems, TX_HASH } from '../../../testing/factories.ts';
import { apiUrl, failure, ok } from '../../../testing/handlers.ts';
import { asPhone, resetScreen } from '../../../testing/media.ts';
import { detailValue, tableCells } from '../../../testing/queries.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { serveList } from '../../../testing/serve-list.ts';

/** Serves the withdrawals (total as given) and records the query string of each request. */
const serveWithdrawals = (items: WithdrawalView[], total = items.length) =>
  serveList('safe/withdrwal-hist', () => ok({ ...pageOfItems(items), total }));

const paid = buildWithdrawal({
  id: 'w-2',
  status: 'paid',
  txHash: TX_HASH,
  createdAt: '2025-03-05T09:00:00.000Z',
  decidedAt: '2025-03-05T15:30:00.000Z',
});
const rejected = buildWithdrawal({
  id: 'w-1',
  amount: 20,
  fee: 1,
  netAmount: 19,
  status: 'rejected',
  reason: 'Address is on a different network',
  createdAt: '2025-03-04T09:00:00.000Z',
});

const slow = { timeout: 30_000 };

describe('withdrawal history', slow, () => {
  it('lists the profit wallet withdrawals with fee, net, address, status, reason and hash to copy', async () => {
    const asked = serveWithdrawals([paid, rejected], 45);
    signInAs();
    const { user } = renderApp('/fund/withdrawal-history');
    await screen.findByRole('heading', { level: 1, name: 'Withdrawal history' });
    const table = await screen.findByRole('table', { name: 'Profit withdrawals' });
    expect(tableCells(table).map((cells) => cells.slice(1))).toEqual([
      ['$100.00', '$5.00', '$95.00', 'TR7NHq…Lj6t', 'Paid', 'a3f1c2…8f9a'],
      [
        '$20.00',
        '$1.00',
        '$19.00',
        'TR7NHq…Lj6t',
        'RejectedAddress is on a different network',
        '—',
      ],
    ]);
    expect(asked).toEqual(['page=1&pageSize=20&wallet=profit']);

    await user.click(within(table).getByRole('button', { name: 'Copy transaction hash' }));
    expect(await navigator.clipboard.readText()).toBe(TX_HASH);
    expect(await screen.findByText('Transaction hash copied')).toBeInTheDocument();

    // 45 withdrawals: three pages, the page kept in the address.
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(asked.at(-1)).toBe('page=2&pageSize=20&wallet=profit');
  });

  it('shares the list with the compounding wallet, filtered by status from the address', async () => {
    const asked = serveWithdrawals([]);
    signInAs();
    renderApp('/fund/compounding-withdrawal-history?status=paid');
    await screen.findByRole('heading', { level: 1, name: 'Compounding withdrawal history' });
    expect(await screen.findByText('No withdrawals with this status')).toBeInTheDocument();
    expect(asked).toEqual(['page=1&pageSize=20&wallet=compounding&status=paid']);
  });

  it('says when there are none yet and offers to withdraw', async () => {
    serveWithdrawals([]);
    signInAs();
    renderApp('/fund/withdrawal-history');
    expect(await screen.findByText('No withdrawals yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Withdraw' }).at(-1)).toHaveAttribute(
      'href',
      '/fund/withdrawal?wallet=profit',
    );
  });

  it('offers the compounding wallet to withdraw from on its own empty history', async () => {
    serveWithdrawals([]);
    signInAs();
    renderApp('/fund/compounding-withdrawal-history');
    expect(await screen.findByText('No withdrawals yet')).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Withdraw' }))
      expect(link).toHaveAttribute('href', '/fund/withdrawal?wallet=compounding');
  });

  it('shows skeleton rows while loading and an error with Retry when the list fails', async () => {
    let fail = false;
    server.use(
      http.get(apiUrl('safe/withdrwal-hist'), async () => {
        if (fail) return failure(500, 'Something went wrong');
        await delay(150);
        fail = true;
        return failure(500, 'Something went wrong');
      }),
    );
    signInAs();
    renderApp('/fund/withdrawal-history');
    expect(
      await screen.findByRole('status', { name: 'Loading profit withdrawals' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Your withdrawals could not be loaded.')).toBeInTheDocument();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('withdrawal history on a phone', slow, () => {
  afterEach(resetScreen);

  it('shows one card per withdrawal with its status, amounts, address, hash and reason', async () => {
    asPhone();
    serveWithdrawals([paid, rejected]);
    signInAs();
    renderApp('/fund/withdrawal-history');
    const list = await screen.findByRole('list', { name: 'Profit withdrawals' });
    const [first, second] = within(list).getAllByRole('listitem');
    // When it was requested, then its amount (named for screen readers), then the details.
    expect(first).toHaveTextContent(/^Mar \d+, 2025, .+Amount \$100\.00Fee/);
    expect(detailValue(first!, 'Status')).toBe('Paid');
    expect(detailValue(first!, 'Net')).toBe('$95.00');
    expect(detailValue(first!, 'Transaction')).toBe('a3f1c2…8f9a');
    expect(within(second!).getByText('Rejected')).toBeInTheDocument();
    expect(detailValue(second!, 'Status')).toContain('Address is on a different network');
  });
});

describe('/payout', slow, () => {
  afterEach(resetScreen);

  it('lists every paid withdrawal with its chain transaction hash', async () => {
    const asked = serveWithdrawals([paid]);
    signInAs();
    renderApp('/payout');
    await screen.findByRole('heading', { level: 1, name: 'Payout' });
    const table = await screen.findByRole('table', { name: 'Payouts' });
    const [row] = tableCells(table);
    expect(row!.slice(1)).toEqual(['Profit', '$100.00', '$95.00', 'a3f1c2…8f9a']);
    expect(within(table).getByLabelText(`Transaction hash ${TX_HASH}`)).toBeInTheDocument();
    expect(asked).toEqual(['page=1&pageSize=20&status=paid']);
  });

  it('shows a card per payout on a phone: when paid, the net paid, then the details', async () => {
    asPhone();
    serveWithdrawals([paid]);
    signInAs();
    renderApp('/payout');
    const list = await screen.findByRole('list', { name: 'Payouts' });
    const [card] = within(list).getAllByRole('listitem');
    expect(card).toHaveTextContent(/^Mar 5, 2025, .+Net paid \$95\.00WalletProfitAmount/);
    expect(detailValue(card!, 'Amount')).toBe('$100.00');
    expect(detailValue(card!, 'Transaction hash')).toBe('a3f1c2…8f9a');
  });

  it('says when nothing has been paid yet', async () => {
    serveWithdrawals([]);
    signInAs();
    renderApp('/payout');
    expect(await screen.findByText('No payouts yet')).toBeInTheDocument();
  });
});
