import type { OperatorClosureData, OperatorMemberItem, OperatorRole } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { apiUrl, failure, ok } from '../../../testing/handlers.ts';
import { asDesktop, resetScreen } from '../../../testing/media.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { serveList } from '../../../testing/serve-list.ts';
import { signInOperator } from '../../../testing/sign-in-operator.ts';
import { buildOperatorMemberDetail, buildOperatorMemberItem } from '../../../testing/factories.ts';

// A member's request to close their account in the console (decision 0060): the panel above
// the member's sections, its decisions by role, and the members list filtered by closure.

const slow = { timeout: 30_000 };

const item = buildOperatorMemberItem();

const zero = { available: 0, held: 0, total: 0 };
const detail = (status: OperatorMemberItem['status']) =>
  buildOperatorMemberDetail({
    profile: { status },
    balance: 0,
    packages: { active: 1, amount: 100 },
  });

const waiting: OperatorClosureData = {
  request: {
    id: '9a1f3c2e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
    status: 'pending',
    requestedAt: '2026-11-28T10:00:00.000Z',
    decidedAt: null,
    refusalReason: null,
    decidedBy: null,
    eraseAfter: null,
    erasedAt: null,
  },
  wallets: { fund: { available: 12, held: 0, total: 12 }, profit: zero, compounding: zero },
  blockers: [{ kind: 'wallet-balance', message: 'the fund wallet holds $12.00' }],
  packages: { active: 1, remainingProfit: 109.5 },
};

const settled: OperatorClosureData = {
  ...waiting,
  wallets: { fund: zero, profit: zero, compounding: zero },
  blockers: [],
};

/** The member page's reads, and the decisions as the server answers them; records the bodies. */
function serveMember(
  role: OperatorRole,
  closure: OperatorClosureData,
  decide?: (action: string, body: unknown) => Response,
) {
  signInOperator(role);
  let state = closure;
  let status: OperatorMemberItem['status'] = 'active';
  const sent: { action: string; body: unknown }[] = [];
  server.use(
    http.get(apiUrl(`operator/members/${item.id}`), () => ok(detail(status))),
    http.get(apiUrl(`operator/members/${item.id}/closure`), () => ok(state)),
    http.post(
      apiUrl(`operator/members/${item.id}/closure/:action`),
      async ({ params, request }) => {
        const action = params.action as string;
        const body = await request.json().catch(() => null);
        sent.push({ action, body });
        if (decide) return decide(action, body);
        if (action === 'confirm') {
          status = 'closed';
          state = {
            ...state,
            request: {
              ...state.request!,
              status: 'confirmed',
              decidedAt: '2026-11-30T08:00:00.000Z',
              decidedBy: 'admin@example.com',
              eraseAfter: '2026-12-30T08:00:00.000Z',
            },
          };
          return ok(state, 'Account closed');
        }
        state = { ...state, request: { ...state.request!, status: 'refused' } };
        return ok(state, 'Request refused: the member is told why');
      },
    ),
  );
  return sent;
}

afterEach(resetScreen);

describe("the console's request to close an account", () => {
  it(
    'shows the wallets and what stops it, and keeps Confirm off until nothing is left',
    slow,
    async () => {
      asDesktop();
      serveMember('admin', waiting);
      renderApp(`/operator/members/${item.id}`);
      const panel = await screen.findByRole('region', { name: 'Request to close the account' });
      expect(within(panel).getByText('Asked to close their account')).toBeVisible();
      expect(within(panel).getByText('The fund wallet holds $12.00.')).toBeVisible();
      expect(within(panel).getByText('$12.00')).toBeVisible();
      expect(
        within(panel).getByText(/of profit still to come, which the member agreed to give up/),
      ).toBeVisible();
      expect(within(panel).getByRole('button', { name: 'Confirm closure' })).toBeDisabled();
      expect(within(panel).getByRole('button', { name: 'Refuse' })).toBeEnabled();
    },
  );

  it('lets an admin confirm: the account shows closed and when its data goes', slow, async () => {
    asDesktop();
    const sent = serveMember('admin', settled);
    const { user } = renderApp(`/operator/members/${item.id}`);
    const panel = await screen.findByRole('region', { name: 'Request to close the account' });
    expect(
      within(panel).getByText('Nothing is left in the account: it can be closed.'),
    ).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Confirm closure' }));
    const dialog = screen.getByRole('dialog', { name: 'Close Asha Verma’s account?' });
    expect(within(dialog).getByText(/a closed account is never reopened/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close account' }));
    expect(await screen.findByText('Account closed')).toBeInTheDocument();
    expect(sent).toEqual([{ action: 'confirm', body: {} }]);
    const closed = await screen.findByRole('region', { name: 'Account closed' });
    expect(within(closed).getByText(/by admin@example\.com/)).toBeVisible();
    expect(within(closed).getByText(/Personal data is erased after/)).toBeVisible();
    // The page's chip follows, and the actions a closed account no longer takes are gone.
    await waitFor(() => expect(screen.getAllByText('Closed')[0]).toBeVisible());
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in as member' })).toBeNull();
  });

  it('tells the second admin who decided first', slow, async () => {
    asDesktop();
    serveMember('admin', settled, () =>
      failure(
        409,
        'This request to close the account was already confirmed by admin2@example.com',
        'CONFLICT',
      ),
    );
    const { user } = renderApp(`/operator/members/${item.id}`);
    const panel = await screen.findByRole('region', { name: 'Request to close the account' });
    await user.click(within(panel).getByRole('button', { name: 'Confirm closure' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Close Asha Verma’s account?' })).getByRole(
        'button',
        {
          name: 'Close account',
        },
      ),
    );
    expect(
      await screen.findByText(
        'This request to close the account was already confirmed by admin2@example.com',
      ),
    ).toBeInTheDocument();
  });

  it('refuses with the reason the member reads', slow, async () => {
    asDesktop();
    const sent = serveMember('admin', waiting);
    const { user } = renderApp(`/operator/members/${item.id}`);
    const panel = await screen.findByRole('region', { name: 'Request to close the account' });
    await user.click(within(panel).getByRole('button', { name: 'Refuse' }));
    const dialog = screen.getByRole('dialog', { name: 'Refuse the request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    const reason = within(dialog).getByLabelText('Reason');
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Reason is required'));
    expect(sent).toEqual([]);
    await user.type(reason, 'Withdraw the $12.00 first');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('Request refused: the member is told why')).toBeInTheDocument();
    expect(sent).toEqual([{ action: 'refuse', body: { reason: 'Withdraw the $12.00 first' } }]);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Request to close the account' })).toBeNull(),
    );
  });

  it('shows support the request and the wallets, without the decisions', slow, async () => {
    asDesktop();
    serveMember('support', settled);
    renderApp(`/operator/members/${item.id}`);
    const panel = await screen.findByRole('region', { name: 'Request to close the account' });
    expect(within(panel).getByText('An admin confirms or refuses it.')).toBeVisible();
    expect(within(panel).queryByRole('button', { name: 'Confirm closure' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Refuse' })).toBeNull();
  });

  it('lists the members whose request waits, the filter kept in the address', slow, async () => {
    asDesktop();
    signInOperator('finance');
    const asked = serveList('operator/members', (params) =>
      ok({
        data: params.get('closure') === 'requested' ? [item] : [],
        page: 1,
        pageSize: 20,
        total: params.get('closure') === 'requested' ? 1 : 0,
      }),
    );
    const { user, router } = renderApp('/operator/members');
    expect(await screen.findByText('No members yet')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Closure' }));
    await user.click(await screen.findByRole('option', { name: 'Closure requested' }));
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).getByRole('link', { name: 'Asha Verma' })).toBeVisible();
    expect(router.state.location.search).toBe('?closure=requested');
    expect(asked.at(-1)).toContain('closure=requested');
  });
});
