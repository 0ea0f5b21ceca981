import type { AdjustmentView, OperatorView } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { clearOperatorSession, saveOperatorSession } from '../../../lib/operator-session.ts';
import { apiUrl, failure, ok } from '../../../testing/handlers.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { serveList } from '../../../testing/serve-list.ts';

const slow = { timeout: 30_000 };
const me: OperatorView = { id: 'op-1', email: 'finance@example.com', role: 'finance' };
const other = { id: 'op-2', email: 'finance2@example.com' };

const adjustment = (overrides: Partial<AdjustmentView>): AdjustmentView => ({
  id: 'a-1',
  member: { id: 'm-1', registeredId: 'ABCD2345', name: 'Asha Verma' },
  wallet: 'fund',
  direction: 'credit',
  amount: 25.5,
  reason: 'Gateway paid twice for one deposit',
  reference: 'NP-1',
  status: 'pending',
  proposedBy: { id: me.id, email: me.email },
  proposedAt: '2026-11-24T10:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
  ...overrides,
});
const mine = adjustment({ id: 'a-mine' });
const theirs = adjustment({
  id: 'a-theirs',
  member: { id: 'm-2', registeredId: 'WXYZ6789', name: 'Ravi Kumar' },
  direction: 'debit',
  amount: 10,
  proposedBy: other,
});

function signInOperator() {
  saveOperatorSession('operator-token', me);
  server.use(
    http.get(apiUrl('operator/auth/me'), () => ok(me)),
    http.get(apiUrl('operator/notifications'), () =>
      ok({ data: [], page: 1, pageSize: 20, total: 0, unread: 0 }),
    ),
  );
}
const serveAdjustments = (items: AdjustmentView[]) =>
  serveList('operator/adjustments', () =>
    ok({ data: items, page: 1, pageSize: 20, total: items.length }),
  );

afterEach(() => clearOperatorSession());

describe('the adjustments board', () => {
  it("offers Approve on another operator's proposal only; the own one waits", slow, async () => {
    signInOperator();
    serveAdjustments([mine, theirs]);
    renderApp('/operator/adjustments');

    const table = await screen.findByRole('table', { name: 'Adjustments' }, slow);
    const ownRow = within(table).getByRole('row', { name: /Asha Verma/ });
    expect(within(ownRow).getByText('Waiting for another operator')).toBeInTheDocument();
    expect(within(ownRow).queryByRole('button')).not.toBeInTheDocument();
    const theirRow = within(table).getByRole('row', { name: /Ravi Kumar/ });
    expect(within(theirRow).getByText('-$10.00')).toBeInTheDocument();
    expect(
      within(theirRow).getByRole('button', { name: 'Approve adjustment of $10.00 for Ravi Kumar' }),
    ).toBeInTheDocument();
  });

  it('asks for a note before rejecting, and sends nothing without one', slow, async () => {
    signInOperator();
    serveAdjustments([theirs]);
    const sent: unknown[] = [];
    server.use(
      http.post(apiUrl('operator/adjustments/a-theirs/reject'), async ({ request }) => {
        sent.push(await request.json());
        return ok(adjustment({ ...theirs, status: 'rejected', decidedBy: me }));
      }),
    );
    const { user } = renderApp('/operator/adjustments');
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Reject adjustment of $10.00 for Ravi Kumar' },
        slow,
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reject this adjustment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject adjustment' }));
    expect(await within(dialog).findByText('Note is required')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Not a duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Reject adjustment' }));
    await waitFor(() => expect(sent).toEqual([{ note: 'Not a duplicate' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it(
    "shows the server's 409 when another operator was first, and reads the list again",
    slow,
    async () => {
      signInOperator();
      // Every read counts here (serveList folds repeats of the same query into one).
      let reads = 0;
      server.use(
        http.get(apiUrl('operator/adjustments'), () => {
          reads += 1;
          return ok({ data: [theirs], page: 1, pageSize: 20, total: 1 });
        }),
        http.post(apiUrl('operator/adjustments/a-theirs/approve'), () =>
          failure(409, 'This adjustment was already approved by admin@example.com', 'CONFLICT'),
        ),
      );
      const { user } = renderApp('/operator/adjustments');
      await user.click(
        await screen.findByRole(
          'button',
          { name: 'Approve adjustment of $10.00 for Ravi Kumar' },
          slow,
        ),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Approve this adjustment?' });
      expect(dialog).toHaveTextContent('$10.00 will be debited from Ravi Kumar');
      const before = reads;
      await user.click(within(dialog).getByRole('button', { name: 'Approve and post' }));
      expect(
        await screen.findByText('This adjustment was already approved by admin@example.com'),
      ).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(reads).toBeGreaterThan(before));
    },
  );
});
