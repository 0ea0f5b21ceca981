import type { LoginBody, LoginData } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../../lib/auth-store.ts';
import { buildMember } from '../../../testing/factories.ts';
import { apiUrl, failure, ok, validationFailure } from '../../../testing/handlers.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

async function openSignIn(url = '/') {
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Sign in' });
  return view;
}

const submit = (user: ReturnType<typeof renderApp>['user']) =>
  user.click(screen.getByRole('button', { name: 'SIGN IN' }));

describe('sign-in screen', () => {
  it('requires the Registered ID and the password', async () => {
    const { user } = await openSignIn();
    await submit(user);
    expect(await screen.findByText('Registered id is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('signs in, keeps the session JSON-encoded and opens the dashboard', async () => {
    const member = buildMember({ name: 'Meera Shah' });
    const sent = vi.fn();
    server.use(
      http.post<never, LoginBody>(apiUrl('auth/login'), async ({ request }) => {
        sent(await request.json());
        return ok<LoginData>({ access_token: 'fresh-token', user: member }, 'Signed in');
      }),
    );
    const { user, router } = await openSignIn();
    await user.type(screen.getByLabelText('Registered ID'), 'abcd2345');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await submit(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Meera Shah.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(sent).toHaveBeenCalledWith({ loginId: 'ABCD2345', password: 'correct horse' });
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBe('"fresh-token"');
    expect(JSON.parse(window.localStorage.getItem(storageKeys.userDetail) ?? 'null')).toEqual(
      member,
    );
  });

  it('shows the server message when the sign-in is refused and stays put', async () => {
    server.use(
      http.post(apiUrl('auth/login'), () =>
        failure(401, 'Invalid Registered ID or password', 'UNAUTHORIZED'),
      ),
    );
    const { user, router } = await openSignIn('/login');
    await user.type(screen.getByLabelText('Registered ID'), 'ABCD2345');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await submit(user);
    expect(await screen.findByText('Invalid Registered ID or password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBeNull();
  });

  it('shows each validation result of the server as "field: reason"', async () => {
    server.use(
      http.post(apiUrl('auth/login'), () =>
        validationFailure([
          { field: 'loginId', reason: 'Registered id is required' },
          { field: 'password', reason: 'Password must be at most 128 characters' },
        ]),
      ),
    );
    const { user } = await openSignIn();
    await user.type(screen.getByLabelText('Registered ID'), 'X');
    await user.type(screen.getByLabelText('Password'), 'y');
    await submit(user);
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(
        expect.arrayContaining([
          'loginId: Registered id is required',
          'password: Password must be at most 128 characters',
        ]),
      ),
    );
  });

  it('hints that the email works too, under the field still named Registered ID', async () => {
    await openSignIn();
    expect(screen.getByRole('textbox', { name: 'Registered ID' })).toHaveAccessibleDescription(
      'Or the email you signed up with',
    );
  });

  it('says a blocked account is blocked and where to write, until the member closes it', async () => {
    const blocked = {
      status: 'error',
      message: 'This account is blocked. Please write to support at help@acme.example.',
      error: 'ACCOUNT_BLOCKED',
      data: { accountBlocked: true, supportEmail: 'help@acme.example' },
    };
    server.use(http.post(apiUrl('auth/login'), () => HttpResponse.json(blocked, { status: 403 })));
    const { user, router } = await openSignIn('/login');
    await user.type(screen.getByLabelText('Registered ID'), 'ABCD2345');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await submit(user);
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
    expect(router.state.location.pathname).toBe('/login');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(notice).not.toBeInTheDocument();
  });

  it('says a closed account was closed at the request of its member, and where to ask about it', async () => {
    const closed = {
      status: 'error',
      message: 'This account is closed. For any question, write to support at help@acme.example.',
      error: 'ACCOUNT_CLOSED',
      data: { accountClosed: true, supportEmail: 'help@acme.example' },
    };
    server.use(http.post(apiUrl('auth/login'), () => HttpResponse.json(closed, { status: 403 })));
    const { user, router } = await openSignIn('/login');
    await user.type(screen.getByLabelText('Registered ID'), 'ABCD2345');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await submit(user);
    const notice = await screen.findByText(
      /^This account was closed at your request\. To ask about it, write to support at/,
      { selector: '.MuiAlert-message' },
    );
    expect(within(notice).getByRole('link', { name: 'help@acme.example' })).toHaveAttribute(
      'href',
      'mailto:help@acme.example',
    );
    expect(screen.queryByText(/This account is blocked/)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(notice).not.toBeInTheDocument();
  });

  it('prefills the Registered ID kept after registration', async () => {
    window.localStorage.setItem(storageKeys.referralCode, JSON.stringify('WXYZ6789'));
    await openSignIn();
    expect(screen.getByLabelText('Registered ID')).toHaveValue('WXYZ6789');
  });

  it('offers sign-up, email verification and a forgotten password', async () => {
    await openSignIn();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    const footer = screen.getByText(/New here\?/).parentElement as HTMLElement;
    expect(within(footer).getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Verify your email' })).toHaveAttribute(
      'href',
      '/verify-otp',
    );
  });

  describe('with the authenticator app on', () => {
    const challenge = {
      challenge: 'challenge-token',
      methods: ['totp', 'recovery-code'],
      expiresAt: '2026-11-20T10:05:00.000Z',
    };
    const askForCode = () =>
      http.post(apiUrl('auth/login'), () =>
        HttpResponse.json(
          {
            status: 'error',
            message: 'Enter the code from your authenticator app',
            error: 'SECOND_FACTOR_REQUIRED',
            data: challenge,
          },
          { status: 401 },
        ),
      );

    async function passwordStep() {
      const view = await openSignIn();
      await view.user.type(screen.getByLabelText('Registered ID'), 'ABCD2345');
      await view.user.type(screen.getByLabelText('Password'), 'correct horse');
      await submit(view.user);
      await screen.findByRole('form', { name: 'Two-factor authentication' });
      return view;
    }

    it('asks for the code after the password, with no error toast, and signs in with it', async () => {
      const member = buildMember({ name: 'Meera Shah' });
      const sent = vi.fn();
      server.use(
        askForCode(),
        http.post(apiUrl('auth/login/second-factor'), async ({ request }) => {
          sent(await request.json());
          return ok<LoginData>({ access_token: 'two-step-token', user: member }, 'Signed in');
        }),
      );
      const { user, router } = await passwordStep();
      expect(screen.queryByText('Enter the code from your authenticator app')).toBeNull();
      expect(window.localStorage.getItem(storageKeys.accessToken)).toBeNull();
      await user.type(screen.getByLabelText('Authenticator code'), '123 456');
      await user.click(screen.getByRole('button', { name: 'VERIFY' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Dashboard' }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
      expect(sent).toHaveBeenCalledWith({ challenge: 'challenge-token', code: '123456' });
      expect(window.localStorage.getItem(storageKeys.accessToken)).toBe('"two-step-token"');
    });

    it('takes a recovery code instead and shows a wrong code on its field', async () => {
      const sent = vi.fn();
      server.use(
        askForCode(),
        http.post(apiUrl('auth/login/second-factor'), async ({ request }) => {
          sent(await request.json());
          return validationFailure([
            { field: 'code', reason: 'This code is not valid. Check it and try again.' },
          ]);
        }),
      );
      const { user } = await passwordStep();
      await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
      await user.type(screen.getByLabelText('Recovery code'), 'abcde-fgh23');
      await user.click(screen.getByRole('button', { name: 'VERIFY' }));
      const field = screen.getByLabelText('Recovery code');
      await waitFor(() => expect(field).toHaveAccessibleDescription(/This code is not valid/));
      expect(sent).toHaveBeenCalledWith({ challenge: 'challenge-token', code: 'ABCDEFGH23' });
    });

    it('goes back to the password when the challenge has ended', async () => {
      server.use(
        askForCode(),
        http.post(apiUrl('auth/login/second-factor'), () =>
          failure(
            401,
            'This sign-in has expired. Enter your Registered ID and password again.',
            'UNAUTHORIZED',
          ),
        ),
      );
      const { user } = await passwordStep();
      await user.type(screen.getByLabelText('Authenticator code'), '123456');
      await user.click(screen.getByRole('button', { name: 'VERIFY' }));
      expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
      expect(await screen.findByText(/This sign-in has expired/)).toBeInTheDocument();
    });
  });
});

describe('the robot check of the sign-in (decision 0050)', () => {
  const proofRequired = () =>
    HttpResponse.json(
      {
        status: 'error',
        message: 'Please let the automatic robot check finish, then send the form again.',
        error: 'PROOF_OF_WORK_REQUIRED',
        data: { challengeUrl: '/api/v1/auth/proof-of-work', field: 'proofOfWork' },
      },
      { status: 428 },
    );

  async function typeAndSend(user: ReturnType<typeof renderApp>['user'], password: string) {
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), password);
    await submit(user);
  }

  it('sends none at first, one with every try after a failure', async () => {
    const bodies: LoginBody[] = [];
    server.use(
      http.post<never, LoginBody>(apiUrl('auth/login'), async ({ request }) => {
        bodies.push(await request.json());
        return failure(401, 'Invalid Registered ID or password', 'INVALID_CREDENTIALS');
      }),
    );
    const { user } = await openSignIn();
    await user.type(screen.getByLabelText('Registered ID'), 'ABCD2345');
    await typeAndSend(user, 'wrong one');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ loginId: 'ABCD2345', password: 'wrong one' });
    await typeAndSend(user, 'wrong two');
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]?.proofOfWork).toMatch(/^[A-Za-z0-9+/=]+$/);
  });

  it('solves one and signs in at once when the server asks, without a toast', async () => {
    const member = buildMember({ name: 'Meera Shah' });
    const bodies: LoginBody[] = [];
    server.use(
      http.post<never, LoginBody>(apiUrl('auth/login'), async ({ request }) => {
        const body = await request.json();
        bodies.push(body);
        if (!body.proofOfWork) return proofRequired();
        return ok<LoginData>({ access_token: 'fresh-token', user: member }, 'Signed in');
      }),
    );
    const { user } = await openSignIn();
    await user.type(screen.getByLabelText('Registered ID'), 'ABCD2345');
    await typeAndSend(user, 'correct horse');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(bodies).toHaveLength(2);
    expect(bodies[1]?.proofOfWork).toBeTruthy();
    expect(screen.queryByText(/robot check finish/)).toBeNull();
  });

  it('says the code was emailed when the second step is an emailed code, with no recovery codes', async () => {
    const member = buildMember({ name: 'Meera Shah' });
    const sent = vi.fn();
    server.use(
      http.post(apiUrl('auth/login'), () =>
        HttpResponse.json(
          {
            status: 'error',
            message: 'We emailed you a code.',
            error: 'SECOND_FACTOR_REQUIRED',
            data: {
              challenge: 'emailed-challenge',
              methods: ['email-code'],
              expiresAt: '2026-11-27T10:05:00.000Z',
            },
          },
          { status: 401 },
        ),
      ),
      http.post(apiUrl('auth/login/second-factor'), async ({ request }) => {
        sent(await request.json());
        return ok<LoginData>({ access_token: 'emailed-token', user: member }, 'Signed in');
      }),
    );
    const { user } = await openSignIn();
    await user.type(screen.getByLabelText('Registered ID'), 'ABCD2345');
    await typeAndSend(user, 'correct horse');
    const form = await screen.findByRole('form', { name: 'Two-factor authentication' });
    expect(within(form).getByText(/We emailed you a code/)).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Use a recovery code' })).toBeNull();
    await user.type(within(form).getByLabelText('Emailed code'), '654321');
    await user.click(within(form).getByRole('button', { name: 'VERIFY' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(sent).toHaveBeenCalledWith({ challenge: 'emailed-challenge', code: '654321' });
  });
});
