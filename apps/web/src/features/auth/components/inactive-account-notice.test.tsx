import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getAccessToken } from '../../../lib/auth-store.ts';
import { apiUrl } from '../../../testing/handlers.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

// A session that ends because the account was blocked (decision 0051) or closed (decision 0060):
// the sign-in page says which, and where to write.

const endedSession = (message: string, data: Record<string, unknown>) => () =>
  HttpResponse.json({ status: 'error', message, error: 'UNAUTHORIZED', data }, { status: 401 });

/** Opens the dashboard with a session the server refuses as `answer` says; returns the notice. */
async function signedInUntil(answer: () => Response, notice: RegExp) {
  signInAs();
  server.use(http.get(apiUrl('auth/wallet-balance'), answer));
  const { router } = renderApp('/dashboard');
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/');
  expect(getAccessToken()).toBeNull();
  const shown = await screen.findByText(notice, { selector: '.MuiAlert-message' });
  expect(within(shown).getByRole('link', { name: 'help@acme.example' })).toHaveAttribute(
    'href',
    'mailto:help@acme.example',
  );
  expect(screen.queryByText('Session expired, please sign in again')).not.toBeInTheDocument();
  return shown;
}

// The whole app, from the dashboard to the sign-in: seconds on a busy two-core machine.
describe('a member whose account ends while signed in', { timeout: 30_000 }, () => {
  it('is taken to the sign-in, which says the account is blocked and where to write', async () => {
    await signedInUntil(
      endedSession('This account is blocked. Please write to support at help@acme.example.', {
        accountBlocked: true,
        supportEmail: 'help@acme.example',
      }),
      /^This account is blocked\. Please write to support at/,
    );
  });

  it('is taken to the sign-in, which says the account was closed at their request and where to ask', async () => {
    await signedInUntil(
      endedSession(
        'This account is closed. For any question, write to support at help@acme.example.',
        { accountClosed: true, supportEmail: 'help@acme.example' },
      ),
      /^This account was closed at your request\. To ask about it, write to support at/,
    );
  });
});
