import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { STEP_UP_REQUIRED, type OperatorSecondFactorStatus } from '@app/contracts';
import { getOperatorSession } from '../../lib/operator-session.ts';
import { operatorApi } from '../../lib/operator-client.ts';
import { apiUrl, ok, validationFailure } from '../../testing/handlers.ts';
import { asDesktop, resetScreen } from '../../testing/media.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { signInOperator } from '../../testing/sign-in-operator.ts';

// The operators' own second factor in the console (decision 0049): the sign-in's code step, an
// operator who must enrol kept on the Security screen until the app is on, and the step-up
// dialog confirming an operator's action.

const OPERATOR = { id: 'operator-1', email: 'finance@example.com', role: 'finance' } as const;
const menu = () => screen.getByRole('navigation', { name: 'Main menu' });

// Whole-app renders with forms take seconds on a busy two-core machine.
describe('the console and the operator second factor', { timeout: 30_000 }, () => {
  afterEach(resetScreen);
  // The menu's counts of work waiting, asked by every signed-in console.
  const waitingAsked = vi.fn();
  beforeEach(() => {
    waitingAsked.mockClear();
    server.use(
      http.get(apiUrl('operator/work-waiting'), () => {
        waitingAsked();
        return ok({ deposits: 0, withdrawals: 3, tickets: null, verifications: null });
      }),
    );
  });

  it('signs in with the password, then a code from the app', async () => {
    const secondSteps: unknown[] = [];
    server.use(
      http.post(apiUrl('operator/auth/login'), () =>
        HttpResponse.json(
          {
            status: 'error',
            message: 'Enter the code from your authenticator app',
            error: 'SECOND_FACTOR_REQUIRED',
            data: {
              challenge: 'challenge-token',
              methods: ['totp', 'recovery-code'],
              expiresAt: '2026-11-27T10:05:00.000Z',
            },
          },
          { status: 401 },
        ),
      ),
      // The first code is refused, the second signs in.
      http.post(
        apiUrl('operator/auth/login/second-factor'),
        async ({ request }) => {
          secondSteps.push(await request.json());
          return validationFailure([{ field: 'code', reason: 'This code is not valid.' }]);
        },
        { once: true },
      ),
      http.post(apiUrl('operator/auth/login/second-factor'), async ({ request }) => {
        secondSteps.push(await request.json());
        return ok({ access_token: 'operator-token-2', operator: OPERATOR }, 'Signed in');
      }),
      // The overview the sign-in leads to: not what this test looks at.
      http.get(apiUrl('operator/dashboard'), () => delay('infinite')),
      http.get(apiUrl('operator/auth/me'), () =>
        ok({ ...OPERATOR, secondFactor: { totp: true, enrolmentRequired: false } }),
      ),
    );
    const { user, router } = renderApp('/operator/sign-in');
    const form = await screen.findByRole('form', { name: 'Operator sign in' });
    await user.type(within(form).getByLabelText('Email'), OPERATOR.email);
    await user.type(within(form).getByLabelText('Password'), 'operator-password-2026');
    await user.click(within(form).getByRole('button', { name: 'SIGN IN' }));

    const step = await screen.findByRole('form', { name: 'Operator two-factor authentication' });
    expect(getOperatorSession()).toBeNull();
    await user.type(within(step).getByLabelText('Code'), '000000');
    await user.click(within(step).getByRole('button', { name: 'VERIFY' }));
    expect(await within(step).findByText('This code is not valid.')).toBeInTheDocument();
    await user.clear(within(step).getByLabelText('Code'));
    await user.type(within(step).getByLabelText('Code'), 'abcde-23456');
    await user.click(within(step).getByRole('button', { name: 'VERIFY' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/operator'));
    expect(getOperatorSession()?.token).toBe('operator-token-2');
    expect(secondSteps).toEqual([
      { challenge: 'challenge-token', code: '000000' },
      { challenge: 'challenge-token', code: 'ABCDE23456' },
    ]);
  });

  it('keeps an operator who must enrol on Security until the app is on', async () => {
    asDesktop();
    let status: OperatorSecondFactorStatus = {
      totp: false,
      recoveryCodesLeft: 0,
      enabledAt: null,
      required: true,
    };
    const codes = Array.from({ length: 10 }, (_, index) => `AAAA${index}-BBBBB`);
    signInOperator('finance', { totp: false, enrolmentRequired: true });
    server.use(
      http.get(apiUrl('operator/auth/second-factor'), () => ok(status)),
      http.post(apiUrl('operator/auth/second-factor/totp/setup'), () =>
        ok({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrSvg: '<svg></svg>' }),
      ),
      http.post(apiUrl('operator/auth/second-factor/totp/confirm'), () => {
        status = {
          totp: true,
          recoveryCodesLeft: 10,
          enabledAt: '2026-11-27T10:00:00Z',
          required: true,
        };
        server.use(
          http.get(apiUrl('operator/auth/me'), () =>
            ok({
              id: 'operator-finance',
              email: 'finance@example.com',
              role: 'finance',
              secondFactor: { totp: true, enrolmentRequired: false },
            }),
          ),
        );
        return ok({ recoveryCodes: codes }, 'Two-factor authentication is on');
      }),
    );
    // The queue the operator asked for opens once the app is on: not what this test looks at.
    server.use(http.get(apiUrl('operator/withdrawals'), () => delay('infinite')));
    const { user, router } = renderApp('/operator/withdrawals');
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/security'));
    expect(await screen.findByText(/this screen is the only one that opens/)).toBeInTheDocument();
    const links = within(menu())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toContain('Security');
    for (const other of ['Overview', 'Withdrawals', 'Deposits', 'Adjustments', 'Members'])
      expect(links).not.toContain(other);
    // No counts for an operator who may not open the queues yet.
    expect(waitingAsked).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: /Set up authenticator app/ });
    await user.type(within(dialog).getByLabelText('Password'), 'operator-password-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Code from the app'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(dialog).getByLabelText('I have saved my recovery codes'));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    expect(await screen.findByText('10 of 10 recovery codes left.')).toBeInTheDocument();
    // Once enrolled, the menu shows the work waiting, named for screen readers; no badge on 0.
    const waiting = { name: 'Withdrawals, 3 waiting' };
    await waitFor(() => expect(within(menu()).getByRole('link', waiting)).toBeInTheDocument());
    expect(within(menu()).getByRole('link', { name: 'Deposits' })).toBeInTheDocument();
    await user.click(within(menu()).getByRole('link', waiting));
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/withdrawals'));
  });

  it("asks for the operator's code when an action needs a step-up, then sends it again", async () => {
    asDesktop();
    signInOperator('admin', { totp: true, enrolmentRequired: false });
    const published: unknown[] = [];
    const verified = vi.fn();
    server.use(
      http.get(apiUrl('operator/auth/second-factor'), () =>
        ok({
          totp: true,
          recoveryCodesLeft: 9,
          enabledAt: '2026-11-27T10:00:00Z',
          required: false,
        }),
      ),
      http.post(apiUrl('operator/plan'), async ({ request }) => {
        published.push(await request.json());
        return published.length === 1
          ? HttpResponse.json(
              {
                status: 'error',
                message: STEP_UP_REQUIRED,
                error: 'STEP_UP_REQUIRED',
                data: { methods: ['totp', 'recovery-code'] },
              },
              { status: 403 },
            )
          : ok(null, 'Plan version 3 published');
      }),
      http.post(apiUrl('operator/auth/second-factor/verify'), async ({ request }) => {
        verified(await request.json());
        return ok({ freshUntil: '2026-11-27T10:05:00.000Z' }, 'Confirmed');
      }),
      // The member's step-up must not be the one asked.
      http.post(apiUrl('auth/second-factor/verify'), () => HttpResponse.error()),
    );
    const { user } = renderApp('/operator/security');
    expect(await screen.findByText('9 of 10 recovery codes left.')).toBeInTheDocument();
    // The dialog loads after the first paint, as in the browser: wait for its code and mount.
    await vi.dynamicImportSettled();
    await act(() => Promise.resolve());
    const publishing = operatorApi.post('plan', { document: {} }, { schema: z.null() });

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(within(dialog).queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    await user.type(within(dialog).getByLabelText('Code'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(publishing).resolves.toMatchObject({ message: 'Plan version 3 published' });
    expect(verified).toHaveBeenCalledWith({ code: '654321' });
    expect(published).toHaveLength(2);
  });
});
