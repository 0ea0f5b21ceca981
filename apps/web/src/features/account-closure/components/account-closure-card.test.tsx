import type { AccountClosureData, ClosureRequestView } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMember } from '../../../testing/factories.ts';
import { apiUrl, failure, ok, validationFailure } from '../../../testing/handlers.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

// The profile's "Close account" card (decision 0060), against a server that keeps the request.

const slow = { timeout: 30_000 };

const nothing: AccountClosureData = {
  request: null,
  blockers: [],
  packages: { active: 0, remainingProfit: 0 },
  retentionDays: 30,
};

const pending: ClosureRequestView = {
  id: '9a1f3c2e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
  status: 'pending',
  requestedAt: '2026-11-28T10:00:00.000Z',
  decidedAt: null,
  refusalReason: null,
};

/** Serves the closure state, takes requests and cancels like the server; records the bodies. */
function serveClosure(
  initial: AccountClosureData,
  refuse?: (body: Record<string, unknown>) => Response | undefined,
) {
  let state = initial;
  const sent: { asked: Record<string, unknown>[]; cancelled: string[] } = {
    asked: [],
    cancelled: [],
  };
  server.use(
    http.get(apiUrl('auth/account-closure'), () => ok(state)),
    http.post(apiUrl('auth/account-closure'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.asked.push(body);
      const refusal = refuse?.(body);
      if (refusal) return refusal;
      state = { ...state, request: pending };
      return ok(state, 'Your request is received: an operator will confirm it');
    }),
    http.post(apiUrl('auth/account-closure/:id/cancel'), ({ params }) => {
      sent.cancelled.push(params.id as string);
      state = {
        ...state,
        request: { ...pending, status: 'cancelled', decidedAt: pending.requestedAt },
      };
      return ok(state, 'Your request is cancelled');
    }),
  );
  return sent;
}

async function openCard() {
  signInAs(buildMember());
  const view = renderApp('/profile');
  const card = await screen.findByRole('region', { name: 'Close account' });
  return { ...view, card };
}

describe('the profile\'s "Close account" card', () => {
  it(
    'sits below "Your data" and says what closing does before anything is asked',
    slow,
    async () => {
      serveClosure(nothing);
      const { card } = await openCard();
      const regions = screen
        .getAllByRole('region')
        .map((region) => region.getAttribute('aria-labelledby'));
      expect(regions.indexOf('account-closure-title')).toBe(
        regions.indexOf('member-data-title') + 1,
      );
      expect(
        await within(card).findByText(
          /Closing ends your account for good once an operator confirms it/,
        ),
      ).toBeVisible();
      expect(within(card).getByText(/erased 30 days later/)).toBeVisible();
      expect(within(card).getByRole('button', { name: 'Close account' })).toBeEnabled();
    },
  );

  it('lists what stops it, with the way to support, and keeps the button off', slow, async () => {
    serveClosure({
      ...nothing,
      blockers: [
        { kind: 'wallet-balance', message: 'the fund wallet holds $12.00' },
        { kind: 'pending-withdrawal', message: 'a withdrawal of $50.00 is still pending' },
      ],
    });
    const { card } = await openCard();
    expect(await within(card).findByText('The fund wallet holds $12.00.')).toBeVisible();
    expect(within(card).getByText('A withdrawal of $50.00 is still pending.')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'ask support' })).toHaveAttribute(
      'href',
      '/query',
    );
    expect(within(card).getByRole('button', { name: 'Close account' })).toBeDisabled();
  });

  it(
    'confirms with the password, says it cannot be undone, and then waits with Cancel',
    slow,
    async () => {
      const sent = serveClosure(nothing, (body) =>
        body.password === 'wrong'
          ? validationFailure([{ field: 'password', reason: 'Current password is incorrect' }])
          : undefined,
      );
      const { user, card } = await openCard();
      await user.click(await within(card).findByRole('button', { name: 'Close account' }));
      const dialog = screen.getByRole('dialog', { name: 'Close your account?' });
      expect(
        within(dialog).getByText(/you can no longer sign in\. This cannot be undone\./),
      ).toBeVisible();
      expect(within(dialog).getByText(/30 days later we erase your personal data/)).toBeVisible();
      expect(within(dialog).queryByRole('checkbox')).toBeNull();

      // Nothing is sent without the password; the server's refusal goes on its field.
      await user.click(within(dialog).getByRole('button', { name: 'Ask to close my account' }));
      const password = within(dialog).getByLabelText('Your password');
      await waitFor(() => expect(password).toHaveAccessibleDescription('Password is required'));
      expect(sent.asked).toEqual([]);
      await user.type(password, 'wrong');
      await user.click(within(dialog).getByRole('button', { name: 'Ask to close my account' }));
      await waitFor(() =>
        expect(password).toHaveAccessibleDescription('Current password is incorrect'),
      );

      await user.clear(password);
      await user.type(password, 'correct horse battery');
      await user.click(within(dialog).getByRole('button', { name: 'Ask to close my account' }));
      expect(
        await screen.findByText('Your request is received: an operator will confirm it'),
      ).toBeInTheDocument();
      expect(sent.asked.at(-1)).toEqual({
        password: 'correct horse battery',
        givesUpPackages: false,
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(within(card).getByText(/You asked to close your account on/)).toBeVisible();

      await user.click(within(card).getByRole('button', { name: 'Cancel request' }));
      expect(await screen.findByText('Your request is cancelled')).toBeInTheDocument();
      expect(sent.cancelled).toEqual([pending.id]);
      expect(await within(card).findByRole('button', { name: 'Close account' })).toBeEnabled();
    },
  );

  it('asks the member to give up the profit of active packages before sending', slow, async () => {
    const sent = serveClosure({ ...nothing, packages: { active: 2, remainingProfit: 219 } });
    const { user, card } = await openCard();
    await user.click(await within(card).findByRole('button', { name: 'Close account' }));
    const dialog = screen.getByRole('dialog', { name: 'Close your account?' });
    expect(
      within(dialog).getByText(/Your 2 active packages have \$219\.00 of profit still to pay/),
    ).toBeVisible();
    await user.type(within(dialog).getByLabelText('Your password'), 'correct horse battery');
    await user.click(within(dialog).getByRole('button', { name: 'Ask to close my account' }));
    expect(
      await within(dialog).findByText(
        'Tick this to give up that profit, or keep your account until they end',
      ),
    ).toBeVisible();
    expect(sent.asked).toEqual([]);
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Give up the profit of my active packages' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Ask to close my account' }));
    await waitFor(() =>
      expect(sent.asked).toEqual([{ password: 'correct horse battery', givesUpPackages: true }]),
    );
  });

  it(
    'shows why the last request was refused, and says why a new one is refused',
    slow,
    async () => {
      const money = {
        kind: 'wallet-balance' as const,
        message: 'the profit wallet holds $4.20, under the withdrawal minimum',
      };
      serveClosure(
        {
          ...nothing,
          request: {
            ...pending,
            status: 'refused',
            decidedAt: '2026-11-29T10:00:00.000Z',
            refusalReason: 'Please claim and withdraw your profit first',
          },
        },
        () =>
          failure(
            409,
            `The account cannot be closed yet: ${money.message}. Withdraw what is left and let open requests finish, or ask support to settle it.`,
            'CONFLICT',
          ),
      );
      const { user, card } = await openCard();
      expect(
        await within(card).findByText(/was refused: Please claim and withdraw your profit first/),
      ).toBeVisible();
      await user.click(within(card).getByRole('button', { name: 'Close account' }));
      const dialog = screen.getByRole('dialog', { name: 'Close your account?' });
      await user.type(within(dialog).getByLabelText('Your password'), 'correct horse battery');
      await user.click(within(dialog).getByRole('button', { name: 'Ask to close my account' }));
      expect(
        await screen.findByText(
          /The account cannot be closed yet: the profit wallet holds \$4\.20/,
        ),
      ).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    },
  );
});
