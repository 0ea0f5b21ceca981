import type { OtpVerifyBody } from '@app/contracts';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { getUserDetail, storageKeys } from '../../../lib/auth-store.ts';
import { buildMember } from '../../../testing/factories.ts';
import { apiUrl, ok, tooEarly } from '../../../testing/handlers.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

async function openVerify(url = '/verify-otp') {
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Verify your email' });
  return view;
}

describe('email verification screen', () => {
  it('verifies with the Registered ID kept after registration and returns to sign-in', async () => {
    window.localStorage.setItem(storageKeys.referralCode, JSON.stringify('NEWM3MBR'));
    const sent = vi.fn();
    server.use(
      http.post<never, OtpVerifyBody>(apiUrl('auth/otp-verify'), async ({ request }) => {
        sent(request.headers.get('authorization'), await request.json());
        return ok(null, 'Email verified');
      }),
    );
    const { user, router } = await openVerify();
    expect(screen.getByLabelText('Registered ID')).toHaveValue('NEWM3MBR');
    await user.type(screen.getByLabelText('Verification code'), '12a34567');
    expect(screen.getByLabelText('Verification code')).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'VERIFY EMAIL' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(sent).toHaveBeenCalledWith(null, {
      loginId: 'NEWM3MBR',
      otp: '123456',
      purpose: 'verify-email',
    });
    expect(await screen.findByText('Email verified')).toBeInTheDocument();
  });

  it('asks for a 6-digit code', async () => {
    const { user } = await openVerify('/verify-otp?loginId=NEWM3MBR');
    await user.type(screen.getByLabelText('Verification code'), '123');
    await user.click(screen.getByRole('button', { name: 'VERIFY EMAIL' }));
    expect(await screen.findByText('Enter valid OTP.')).toBeInTheDocument();
  });

  it('explains that resending needs a session when signed out', async () => {
    await openVerify();
    expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();
    expect(screen.getByText(/to have a new one sent/)).toBeInTheDocument();
  });

  it('lets a signed-in member resend the code and marks them verified afterwards', async () => {
    signInAs(buildMember({ referral_code: 'ABCD2345', verified: false }));
    const purposes: (string | null)[] = [];
    server.use(
      http.get(apiUrl('auth/send-otp'), ({ request }) => {
        purposes.push(new URL(request.url).searchParams.get('purpose'));
        return ok(null, 'A new code was sent to your email');
      }),
      http.post(apiUrl('auth/otp-verify'), () => ok(null, 'Email verified')),
    );
    const { user } = await openVerify();
    expect(screen.getByLabelText('Registered ID')).toHaveValue('ABCD2345');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('A new code was sent to your email')).toBeInTheDocument();
    expect(purposes).toEqual(['verify-email']);

    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'VERIFY EMAIL' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(getUserDetail()?.verified).toBe(true);
  });

  it('waits as long as the Retry-After of a too-early answer before offering another code', async () => {
    signInAs(buildMember({ verified: false }));
    server.use(http.get(apiUrl('auth/send-otp'), () => tooEarly(30)));
    const { user } = await openVerify();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(
      await screen.findByRole('button', { name: /^Resend code in (30|29) s$/ }),
    ).toBeDisabled();
    expect(await screen.findByText('Please wait before asking for a new code')).toBeInTheDocument();
  });
});
