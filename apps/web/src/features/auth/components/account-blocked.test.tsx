import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getAccessToken } from '../../../lib/auth-store.ts';
import { apiUrl } from '../../../testing/handlers.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

const blockedSession = () =>
  HttpResponse.json(
    {
      status: 'error',
      message: 'This account is blocked. Please write to support at help@acme.example.',
      error: 'UNAUTHORIZED',
      data: { accountBlocked: true, supportEmail: 'help@acme.example' },
    },
    { status: 401 },
  );

describe('a member blocked while signed in', () => {
  it('is taken to the sign-in, which says the account is blocked and where to write', async () => {
    signInAs();
    server.use(http.get(apiUrl('auth/wallet-balance'), blockedSession));
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(getAccessToken()).toBeNull();
    const notice = await screen.findByText(
      /^This account is blocked\. Please write to support at/,
      {
        selector: '.MuiAlert-message',
      },
    );
    expect(within(notice).getByRole('link', { name: 'help@acme.example' })).toHaveAttribute(
      'href',
      'mailto:help@acme.example',
    );
    expect(screen.queryByText('Session expired, please sign in again')).not.toBeInTheDocument();
  });
});
