import type { ChangePasswordBody, PayoutAddressData, SignInHistory } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { buildMember, TRC20_ADDRESS } from '../../../testing/factories.ts';
import { apiUrl, failure, ok, validationFailure } from '../../../testing/handlers.ts';
import { detailValue } from '../../../testing/queries.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

const LINK = 'http://localhost:3000/register?referralCode=ABCD2345';

async function openProfile(member = buildMember()) {
  signInAs(member);
  const view = renderApp('/profile');
  await screen.findByRole('heading', { level: 1, name: 'Profile' });
  return view;
}
const section = (name: string) => screen.getByRole('region', { name });

describe('profile screen', () => {
  it("shows the member's details, sponsor, referral link and payout address", async () => {
    const address: PayoutAddressData = { address: TRC20_ADDRESS, network: 'TRC-20' };
    server.use(http.get(apiUrl('auth/address'), () => ok(address)));
    await openProfile();
    const details = section('Your details');
    expect(detailValue(details, 'Name')).toBe('Asha Verma');
    expect(detailValue(details, 'Registered ID')).toBe('ABCD2345');
    expect(detailValue(details, 'Email')).toMatch(/^asha@example\.com/);
    expect(within(details).getByText('Verified')).toBeVisible();
    expect(detailValue(details, 'Mobile')).toBe('+919876543210');
    expect(detailValue(details, 'Sponsor')).toBe('Ravi Kumar (SPXN5678)');
    expect(detailValue(details, 'Joined')).toBe('Jan 5, 2025');
    expect(within(details).getByRole('button', { name: 'Copy registered id' })).toBeVisible();
    expect(within(details).queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument();

    const invite = section('Invite members');
    expect(await within(invite).findByDisplayValue(LINK)).toBeInTheDocument();
    expect(within(invite).getByRole('button', { name: 'Copy link' })).toBeVisible();
    const payout = section('Payout address');
    expect(await within(payout).findByText(TRC20_ADDRESS)).toBeVisible();
    expect(within(payout).getByRole('button', { name: 'Change address' })).toBeVisible();
  });

  it('says when there is no sponsor', async () => {
    await openProfile(buildMember({ sponsor: null }));
    expect(detailValue(section('Your details'), 'Sponsor')).toBe('None');
  });

  it('sends an unverified member a new code and opens the screen to enter it', async () => {
    const purposes: (string | null)[] = [];
    server.use(
      http.get(apiUrl('auth/send-otp'), ({ request }) => {
        purposes.push(new URL(request.url).searchParams.get('purpose'));
        return ok(null, 'A code was sent to a****a@example.com');
      }),
    );
    const { user, router } = await openProfile(buildMember({ verified: false }));
    const details = section('Your details');
    expect(within(details).getByText('Not verified')).toBeVisible();
    expect(within(details).queryByText('Verified')).not.toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Send code' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verify your email' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-otp');
    expect(router.state.location.search).toBe('?loginId=ABCD2345');
    expect(purposes).toEqual(['verify-email']);
    expect(await screen.findByText('A code was sent to a****a@example.com')).toBeInTheDocument();
  });
});

describe('password change', () => {
  function serveChange(answer: () => Response) {
    const sent = vi.fn();
    server.use(
      http.post<never, ChangePasswordBody>(apiUrl('auth/change-password'), async ({ request }) => {
        sent(request.headers.get('authorization'), await request.json());
        return answer();
      }),
    );
    return sent;
  }
  const fill = async (
    user: ReturnType<typeof renderApp>['user'],
    values: { current: string; password: string; confirm: string },
  ) => {
    const form = screen.getByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText('Current password'), values.current);
    await user.type(within(form).getByLabelText('New password'), values.password);
    await user.type(within(form).getByLabelText('Confirm password'), values.confirm);
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    return form;
  };

  it('changes the password in this session, says so and empties the form', async () => {
    const sent = serveChange(() => ok(null, 'Password changed. Other devices were signed out.'));
    const { user, router } = await openProfile();
    const form = await fill(user, {
      current: 'the old phrase',
      password: 'a long new phrase',
      confirm: 'a long new phrase',
    });
    expect(
      await screen.findByText('Password changed. Other devices were signed out.'),
    ).toBeInTheDocument();
    expect(sent).toHaveBeenCalledWith('Bearer test-token', {
      currentPassword: 'the old phrase',
      newPassword: 'a long new phrase',
      confirmPassword: 'a long new phrase',
    });
    await vi.waitFor(() => expect(within(form).getByLabelText('Current password')).toHaveValue(''));
    expect(within(form).getByLabelText('New password')).toHaveValue('');
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('checks the form as the server does before sending', async () => {
    const sent = serveChange(() => ok(null));
    const { user } = await openProfile();
    const form = await fill(user, { current: 'the old phrase', password: 'short', confirm: 'x' });
    expect(
      await within(form).findByText('New password must be at least 8 characters'),
    ).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('New password'));
    await user.type(within(form).getByLabelText('New password'), 'the old phrase');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(
      await within(form).findByText('New password must differ from the current one'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Passwords do not match')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it('puts a wrong current password on its field', async () => {
    serveChange(() =>
      validationFailure([{ field: 'currentPassword', reason: 'Current password is incorrect' }]),
    );
    const { user } = await openProfile();
    const form = await fill(user, {
      current: 'not my password',
      password: 'a long new phrase',
      confirm: 'a long new phrase',
    });
    await vi.waitFor(() =>
      expect(within(form).getByLabelText('Current password')).toHaveAccessibleDescription(
        'Current password is incorrect',
      ),
    );
    // What was typed stays, to correct.
    expect(within(form).getByLabelText('New password')).toHaveValue('a long new phrase');
  });

  it('says when too many wrong passwords were tried', async () => {
    serveChange(() =>
      failure(429, 'Too many wrong passwords. Try again in 15 minutes.', 'RATE_LIMITED'),
    );
    const { user } = await openProfile();
    await fill(user, {
      current: 'not my password',
      password: 'a long new phrase',
      confirm: 'a long new phrase',
    });
    expect(
      await screen.findByText('Too many wrong passwords. Try again in 15 minutes.'),
    ).toBeInTheDocument();
  });

  it("lists the member's sign-in attempts with their outcome, device and address", async () => {
    const history: SignInHistory = {
      attempts: [
        {
          id: '2',
          at: '2026-11-20T10:05:00.000Z',
          ip: '10.1.2.3',
          device: 'Chrome on Android',
          method: 'password',
          result: 'success',
          failure: null,
        },
        {
          id: '1',
          at: '2026-11-20T10:04:00.000Z',
          ip: '10.9.9.9',
          device: 'Firefox on Windows',
          method: 'password',
          result: 'failure',
          failure: 'wrong-password',
        },
      ],
    };
    server.use(http.get(apiUrl('auth/sign-in-history'), () => ok(history)));
    await openProfile();
    const card = section('Sign-in history');
    const rows = await within(card).findAllByRole('row');
    // The header, then the attempts newest first.
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Signed in')).toBeVisible();
    expect(within(rows[1]!).getByText('Chrome on Android')).toBeVisible();
    expect(within(rows[2]!).getByText('Wrong password')).toBeVisible();
    expect(within(rows[2]!).getByText('10.9.9.9')).toBeVisible();
  });

  it('says when there is no sign-in to show', async () => {
    await openProfile();
    expect(await within(section('Sign-in history')).findByText('No sign-ins yet')).toBeVisible();
  });
});
