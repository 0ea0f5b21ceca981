import type { CompoundingMoveData, CompoundingSummaryData, WalletsData } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { pageOfItems } from '../../../testing/factories.ts';
import { apiUrl, failure, ok, validationFailure } from '../../../testing/handlers.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

const wallets: WalletsData = {
  fund: { available: 500, held: 0, total: 500 },
  profit: { available: 42.5, held: 0, total: 42.5 },
  compounding: { available: 0, held: 0, total: 0 },
};
const summary: CompoundingSummaryData = {
  available: 0,
  held: 0,
  total: 0,
  movedIn: 0,
  incomeTotal: 0,
  dailyPercentage: 0.1,
};

let walletReads = 0;

beforeEach(() => {
  walletReads = 0;
  server.use(
    http.get(apiUrl('auth/wallet'), () => {
      walletReads += 1;
      return ok(wallets);
    }),
    http.get(apiUrl('auth/transaction-hist'), () => ok(pageOfItems([]))),
    http.get(apiUrl('compounding/summary'), () => ok(summary)),
  );
});

type Sent = { body: unknown; key: string | null };

function serveMove(answer: (sent: Sent[]) => Response) {
  const sent: Sent[] = [];
  server.use(
    http.post(apiUrl('compounding/move'), async ({ request }) => {
      sent.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
      return answer(sent);
    }),
  );
  return sent;
}

async function openDialog() {
  signInAs();
  const view = renderApp('/fund');
  await screen.findByRole('region', { name: 'Profit wallet' });
  await view.user.click(screen.getByRole('button', { name: 'Move to compounding' }));
  const dialog = await screen.findByRole('dialog', { name: 'Move to compounding' });
  return { ...view, dialog };
}

const moved: CompoundingMoveData = {
  id: '41',
  amount: 42.5,
  createdAt: '2025-03-05T10:00:00.000Z',
  profitAvailable: 0,
  compoundingAvailable: 42.5,
};

describe('move to compounding', () => {
  it('shows the profit available and the rate, moves the Max with a key, and reads the wallets again', async () => {
    const sent = serveMove(() => ok(moved));
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByLabelText('Profit wallet available')).toHaveTextContent('$42.5000');
    await waitFor(() => expect(dialog).toHaveTextContent(/earns 0\.1\s% of its balance/));
    await user.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('42.5');
    const readsBefore = walletReads;
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    expect(await screen.findByText('$42.50 moved to your compounding wallet')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([
      { body: { amount: '42.5' }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    await waitFor(() => expect(walletReads).toBeGreaterThan(readsBefore));
  });

  it('checks the amount before sending: required, at least $10, at most what is available', async () => {
    const sent = serveMove(() => ok(moved));
    const { user, dialog } = await openDialog();
    const amount = within(dialog).getByLabelText('Amount');
    const submit = within(dialog).getByRole('button', { name: 'Move' });
    await user.click(submit);
    expect(await within(dialog).findByText('Amount is required')).toBeInTheDocument();
    await user.type(amount, '9.5');
    await user.click(submit);
    expect(await within(dialog).findByText('Amount must be at least $10')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '42.51');
    await user.click(submit);
    expect(
      await within(dialog).findByText('Your profit wallet has $42.50 available'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("shows the server's refusal on the field and in a toast, and keeps the dialog open", async () => {
    const sent = serveMove((calls) =>
      calls.length === 1
        ? validationFailure([{ field: 'amount', reason: 'Insufficient balance in profit wallet' }])
        : failure(503, 'Service unavailable'),
    );
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Amount'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(
      await screen.findByText('amount: Insufficient balance in profit wallet'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Insufficient balance in profit wallet')).toBeInTheDocument();
    // A settled refusal takes a new key; an unsettled failure keeps it for the retry.
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
    expect(sent[2]?.key).toBe(sent[1]?.key);
    expect(screen.getByRole('dialog', { name: 'Move to compounding' })).toBeInTheDocument();
  });
});
