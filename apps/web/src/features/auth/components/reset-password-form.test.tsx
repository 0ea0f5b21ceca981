import type { ForgotPasswordBody, ResetPasswordBody } from '@app/contracts';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiUrl, ok, validationFailure } from '../../../testing/handlers.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

const SENT = 'If this account exists, a code to reset its password was sent to its email address.';
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

/** Records what each reset request sent (body and authorization header). */
function recordForgot() {
  const sent = vi.fn();
  server.use(
    http.post<never, ForgotPasswordBody>(apiUrl('auth/forgot-password'), async ({ request }) => {
      sent(request.headers.get('authorization'), await request.json());
      return ok(null, SENT);
    }),
  );
  return sent;
}

describe('forgotten password', () => {
  it('goes from the sign-in link to the code step with the Registered ID typed there', async () => {
    const sent = recordForgot();
    const { user, router } = renderApp('/?referralCode=ABCD2345');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await heading('Forgot your password?')).toBeInTheDocument();
    expect(screen.getByLabelText('Registered ID or email')).toHaveValue('ABCD2345');
    await user.click(screen.getByRole('button', { name: 'SEND RESET CODE' }));

    expect(await heading('Set a new password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(router.state.location.search).toBe('?loginId=ABCD2345');
    // With the robot check solved while the page was open (decision 0050).
    expect(sent).toHaveBeenCalledWith(null, {
      loginId: 'ABCD2345',
      proofOfWork: expect.stringMatching(/^[A-Za-z0-9+/=]+$/),
    });
    expect(screen.queryByRole('status', { name: 'Robot check' })).toBeNull();
    expect(await screen.findByText(SENT)).toBeInTheDocument();
  });

  it('solves the robot check as the page opens and says so in a status', async () => {
    const sent = recordForgot();
    const { user } = renderApp('/forgot-password');
    expect(await heading('Forgot your password?')).toBeInTheDocument();
    const status = screen.getByRole('status', { name: 'Robot check' });
    await waitFor(() => expect(status).toHaveTextContent('Robot check done.'));
    await user.type(screen.getByLabelText('Registered ID or email'), 'ABCD2345');
    await user.click(screen.getByRole('button', { name: 'SEND RESET CODE' }));
    expect(await heading('Set a new password')).toBeInTheDocument();
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('asks for an id before sending anything', async () => {
    const sent = recordForgot();
    const { user } = renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'SEND RESET CODE' }));
    expect(await screen.findByText('Registered ID or email is required')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it('sends the code step back to the id step when there is no id', async () => {
    const { router } = renderApp('/reset-password');
    expect(await heading('Forgot your password?')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });
});

describe('reset password form', () => {
  async function openReset() {
    const view = renderApp('/reset-password?loginId=member%40example.com');
    await heading('Set a new password');
    return view;
  }
  const fill = async (
    user: ReturnType<typeof renderApp>['user'],
    values: { otp: string; password: string; confirm: string },
  ) => {
    await user.type(screen.getByLabelText('Reset code'), values.otp);
    await user.type(screen.getByLabelText('New password'), values.password);
    await user.type(screen.getByLabelText('Confirm password'), values.confirm);
    await user.click(screen.getByRole('button', { name: 'RESET PASSWORD' }));
  };

  it('sets the new password with the code and returns to sign-in', async () => {
    const sent = vi.fn();
    server.use(
      http.post<never, ResetPasswordBody>(apiUrl('auth/reset-password'), async ({ request }) => {
        sent(request.headers.get('authorization'), await request.json());
        return ok(null, 'Your password was reset. Sign in with the new one.');
      }),
    );
    const { user, router } = await openReset();
    await fill(user, {
      otp: '123456',
      password: 'a long new phrase',
      confirm: 'a long new phrase',
    });

    expect(await heading('Sign in')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(sent).toHaveBeenCalledWith(null, {
      loginId: 'member@example.com',
      otp: '123456',
      newPassword: 'a long new phrase',
      confirmPassword: 'a long new phrase',
    });
    expect(
      await screen.findByText('Your password was reset. Sign in with the new one.'),
    ).toBeInTheDocument();
  });

  it('checks the new password as the server does before sending', async () => {
    const sent = vi.fn();
    server.use(http.post(apiUrl('auth/reset-password'), () => (sent(), ok(null))));
    const { user } = await openReset();
    await fill(user, { otp: '123', password: 'short', confirm: 'other' });
    expect(await screen.findByText('Enter valid OTP.')).toBeInTheDocument();
    expect(screen.getByText('New password must be at least 8 characters')).toBeInTheDocument();
    // With the fields right, the confirmation must repeat the password.
    await user.type(screen.getByLabelText('Reset code'), '456');
    await user.type(screen.getByLabelText('New password'), ' enough now');
    await user.click(screen.getByRole('button', { name: 'RESET PASSWORD' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it('shows a refused code on the code field and stays', async () => {
    server.use(
      http.post(apiUrl('auth/reset-password'), () =>
        validationFailure([{ field: 'otp', reason: 'Invalid or expired OTP' }]),
      ),
    );
    const { user, router } = await openReset();
    await fill(user, {
      otp: '654321',
      password: 'a long new phrase',
      confirm: 'a long new phrase',
    });
    const field = screen.getByLabelText('Reset code');
    await vi.waitFor(() => expect(field).toHaveAccessibleDescription('Invalid or expired OTP'));
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it('mails a new code for the same id', async () => {
    const sent = recordForgot();
    const { user } = await openReset();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(sent).toHaveBeenCalledWith(null, {
      loginId: 'member@example.com',
      proofOfWork: expect.stringMatching(/^[A-Za-z0-9+/=]+$/),
    });
  });
});
