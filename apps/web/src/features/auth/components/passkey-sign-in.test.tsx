import type { LoginData } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../../lib/auth-store.ts';
import type * as Webauthn from '../../../lib/webauthn.ts';
import { buildMember } from '../../../testing/factories.ts';
import { apiUrl, ok, validationFailure } from '../../../testing/handlers.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

// Signing in with a passkey (decision 0048): the browser's part is stood in for here (the
// journeys use Chromium's virtual authenticator); what the screens do with it is checked.

const deviceAnswer = { id: 'credential-1', type: 'public-key', response: {} };
const { answerWithPasskey } = vi.hoisted(() => ({ answerWithPasskey: vi.fn() }));
vi.mock('../../../lib/webauthn.ts', async (original) => ({
  ...(await original<typeof Webauthn>()),
  usePasskeysSupported: () => true,
  answerWithPasskey,
}));

beforeEach(() => answerWithPasskey.mockResolvedValue(deviceAnswer));
afterEach(() => answerWithPasskey.mockReset());

const options = { challenge: 'server-challenge', rpId: 'localhost' };

async function openSignIn() {
  const view = renderApp('/');
  await screen.findByRole('heading', { level: 1, name: 'Sign in' });
  return view;
}

describe('a passkey on the sign-in screen', () => {
  it('signs in with a passkey alone, sending what the device answered', async () => {
    const member = buildMember({ name: 'Meera Shah' });
    const sent = vi.fn();
    server.use(
      http.post(apiUrl('auth/passkey-sign-in/options'), () => ok({ options })),
      http.post(apiUrl('auth/passkey-sign-in'), async ({ request }) => {
        sent(await request.json());
        return ok<LoginData>({ access_token: 'passkey-token', user: member }, 'Signed in');
      }),
    );
    const { user } = await openSignIn();
    const form = screen.getByRole('form', { name: 'Sign in' });
    await user.click(within(form).getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(answerWithPasskey).toHaveBeenCalledWith(options);
    expect(sent).toHaveBeenCalledWith({ response: deviceAnswer });
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBe('"passkey-token"');
  });

  it('offers the passkey as the second step, with recovery codes and no authenticator app', async () => {
    const member = buildMember();
    const sent = vi.fn();
    server.use(
      http.post(apiUrl('auth/login'), () =>
        HttpResponse.json(
          {
            status: 'error',
            message: 'Confirm it is you',
            error: 'SECOND_FACTOR_REQUIRED',
            data: {
              challenge: 'sign-in-challenge',
              methods: ['passkey', 'recovery-code'],
              expiresAt: '2026-11-27T10:05:00.000Z',
            },
          },
          { status: 401 },
        ),
      ),
      http.post(apiUrl('auth/login/second-factor/passkey-options'), () => ok({ options })),
      http.post(apiUrl('auth/login/second-factor/passkey'), async ({ request }) => {
        sent(await request.json());
        return ok<LoginData>({ access_token: 'second-step-token', user: member }, 'Signed in');
      }),
    );
    const { user } = await openSignIn();
    await user.type(screen.getByLabelText('Registered ID'), 'ABCD2345');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));
    const step = await screen.findByRole('form', { name: 'Two-factor authentication' });
    expect(within(step).getByLabelText('Recovery code')).toBeInTheDocument();
    expect(within(step).queryByRole('button', { name: /authenticator app/ })).toBeNull();

    await user.click(within(step).getByRole('button', { name: 'Use your passkey' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(sent).toHaveBeenCalledWith({ challenge: 'sign-in-challenge', response: deviceAnswer });
  });

  it('says so when the device request is cancelled, and when the server refuses the passkey', async () => {
    const { PasskeyCancelled } = await import('../../../lib/webauthn.ts');
    answerWithPasskey.mockRejectedValueOnce(
      new PasskeyCancelled('The passkey request was cancelled or timed out. Please try again.'),
    );
    server.use(
      http.post(apiUrl('auth/passkey-sign-in/options'), () => ok({ options })),
      http.post(apiUrl('auth/passkey-sign-in'), () =>
        validationFailure([
          {
            field: 'response',
            reason: 'This passkey was not accepted. Try again or use another way.',
          },
        ]),
      ),
    );
    const { user, router } = await openSignIn();
    const button = within(screen.getByRole('form', { name: 'Sign in' })).getByRole('button', {
      name: 'Use a passkey',
    });
    await user.click(button);
    expect(await screen.findByText(/cancelled or timed out/)).toBeInTheDocument();
    await user.click(button);
    expect(await screen.findByText(/passkey was not accepted/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBeNull();
  });
});
