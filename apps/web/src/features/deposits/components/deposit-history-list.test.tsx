import type { DepositView, NotificationPage } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  buildDeposit,
  buildNotification,
  notificationPage,
  pageOfItems,
} from '../../../testing/factories.ts';
import { apiUrl, failure, ok } from '../../../testing/handlers.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { tableCells } from '../../../testing/queries.ts';
import { server } from '../../../testing/server.ts';
import { serveList } from '../../../testing/serve-list.ts';

const HASH = `0x${'ab12'.repeat(16)}`;
const waiting = buildDeposit({ id: 'd3', amount: 100 });
const confirmed = buildDeposit({
  id: 'd2',
  amount: 250,
  status: 'confirmed',
  txHash: HASH,
  createdAt: '2025-02-20T08:00:00.000Z',
});
const rejected = buildDeposit({
  id: 'd1',
  provider: 'gateway',
  amount: 40,
  status: 'rejected',
  reason: 'No transfer with this hash reached our address',
  createdAt: '2025-02-10T08:00:00.000Z',
});

/** Serves the history and records the query string of each request. */
const serveHistory = (items: DepositView[], total = items.length) =>
  serveList('secure/hist', () => ok({ ...pageOfItems(items), total }));

async function openHistory(url = '/fund/deposit-history') {
  signInAs();
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Deposit history' });
  return view;
}

describe('deposit history', () => {
  it('lists each deposit with amount, method, status, reason and its hash to copy', async () => {
    const asked = serveHistory([waiting, confirmed, rejected]);
    const { user } = await openHistory();
    const table = await screen.findByRole('table', { name: 'Deposits' });
    expect(tableCells(table)).toEqual([
      [
        expect.stringMatching(/^Mar 1, 2025/),
        '$100.00',
        'Manual transfer',
        'Pending',
        'Add transaction hash',
      ],
      [
        expect.stringMatching(/^Feb 20, 2025/),
        '$250.00',
        'Manual transfer',
        'Confirmed',
        '0xab12…ab12',
      ],
      [
        expect.stringMatching(/^Feb 10, 2025/),
        '$40.00',
        'Payment gateway',
        'RejectedNo transfer with this hash reached our address',
        '—',
      ],
    ]);
    expect(asked).toEqual(['page=1&pageSize=20']);
    await user.click(within(table).getByRole('button', { name: 'Copy transaction hash' }));
    expect(await navigator.clipboard.readText()).toBe(HASH);
    expect(await screen.findByText('Transaction hash copied')).toBeInTheDocument();
  });

  it('adds the hash of a pending manual deposit from its row, then reads the list again', async () => {
    let reads = 0;
    server.use(
      http.get(apiUrl('secure/hist'), () => {
        reads += 1;
        return ok(pageOfItems([waiting]));
      }),
    );
    const sent: unknown[] = [];
    server.use(
      http.post(apiUrl('secure/d3/tx-hash'), async ({ request }) => {
        sent.push(await request.json());
        return ok({ ...waiting, txHash: HASH });
      }),
    );
    const { user } = await openHistory();
    await user.click(await screen.findByRole('button', { name: 'Add transaction hash' }));
    const readsBefore = reads;
    const dialog = await screen.findByRole('dialog', { name: 'Add transaction hash' });
    expect(dialog).toHaveTextContent('For your deposit of $100.00 made Mar 1, 2025');
    await user.click(within(dialog).getByRole('button', { name: 'Save hash' }));
    expect(await within(dialog).findByText('Transaction hash is required')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('textbox', { name: 'Transaction hash' }));
    await user.paste(HASH);
    await user.click(within(dialog).getByRole('button', { name: 'Save hash' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ txHash: HASH }]);
    expect(await screen.findByText(/Transaction hash saved/)).toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(readsBefore + 1));
  });

  it('says why a hash is refused, in the dialog and in a toast', async () => {
    serveHistory([waiting]);
    server.use(
      http.post(apiUrl('secure/d3/tx-hash'), () =>
        failure(409, 'This transaction hash is already used by another deposit', 'CONFLICT'),
      ),
    );
    const { user } = await openHistory();
    await user.click(await screen.findByRole('button', { name: 'Add transaction hash' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add transaction hash' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Transaction hash' }));
    await user.paste(HASH);
    await user.click(within(dialog).getByRole('button', { name: 'Save hash' }));
    const message = 'This transaction hash is already used by another deposit';
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(within(dialog).getByText(message)).toBeInTheDocument();
  });

  it('filters by status in the address, starting again at page 1', async () => {
    const asked = serveHistory([rejected], 45);
    const { user, router } = await openHistory('/fund/deposit-history?page=2');
    await screen.findByRole('table', { name: 'Deposits' });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Rejected' }));
    await waitFor(() =>
      expect(asked).toEqual(['page=2&pageSize=20', 'page=1&pageSize=20&status=rejected']),
    );
    expect(router.state.location.search).toBe('?status=rejected');
    expect(screen.getByRole('navigation', { name: 'Deposits pages' })).toBeInTheDocument();
  });

  it('ignores an unknown status in the address, and says when a status has no deposits', async () => {
    const asked = serveHistory([]);
    await openHistory('/fund/deposit-history?status=lost');
    expect(await screen.findByText('No deposits yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Make a deposit' })).toHaveAttribute(
      'href',
      '/fund/deposits',
    );
    expect(asked).toEqual(['page=1&pageSize=20']);
  });

  it('names the status when nothing has it', async () => {
    serveHistory([]);
    await openHistory('/fund/deposit-history?status=expired');
    expect(await screen.findByText('No expired deposits')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Make a deposit' })).not.toBeInTheDocument();
  });

  it('shows skeleton rows while the first page loads', async () => {
    server.use(http.get(apiUrl('secure/hist'), () => delay('infinite')));
    await openHistory();
    const loading = await screen.findByRole('status', { name: 'Loading deposits' });
    expect(within(loading).getAllByTestId('skeleton-row')).toHaveLength(6);
  });

  it('offers Retry, with the reason in a toast, when the list fails', async () => {
    server.use(http.get(apiUrl('secure/hist'), () => failure(500, 'Something went wrong')));
    await openHistory();
    expect(await screen.findByText('Your deposits could not be loaded.')).toBeInTheDocument();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('while the history is open', () => {
  it('shows a deposit an operator confirmed once its notification arrives, without navigating', async () => {
    let isConfirmed = false;
    server.use(
      http.get(apiUrl('secure/hist'), () =>
        ok(pageOfItems([isConfirmed ? { ...waiting, status: 'confirmed' as const } : waiting])),
      ),
      http.get(apiUrl('notification'), () =>
        ok<NotificationPage>(
          notificationPage(
            isConfirmed
              ? [buildNotification({ id: 'credited', message: 'Deposit of $100.00 credited' })]
              : [],
          ),
        ),
      ),
    );
    const { user } = await openHistory();
    const table = await screen.findByRole('table', { name: 'Deposits' });
    expect(within(table).getByText('Pending')).toBeInTheDocument();

    // The operator confirms; the app hears of it with its next look at the notifications (its
    // poll, or here the bell opened), and reads the history again by itself.
    isConfirmed = true;
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    await waitFor(() => expect(within(table).getByText('Confirmed')).toBeInTheDocument());
    expect(within(table).queryByText('Pending')).toBeNull();
  });
});
