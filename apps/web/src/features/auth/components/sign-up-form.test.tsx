import type { Envelope, RegisterBody } from '@app/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../../lib/auth-store.ts';
import { apiUrl, failure, ok } from '../../../testing/handlers.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { serveChallenges } from '../../../testing/proof-of-work.ts';

type User = ReturnType<typeof renderApp>['user'];

async function openSignUp(url = '/register', options?: Parameters<typeof renderApp>[1]) {
  const view = renderApp(url, options);
  await screen.findByRole('heading', { level: 1, name: 'Create your account' });
  return view;
}

const field = (label: string) => screen.getByLabelText(label);
const submit = (user: User) => user.click(screen.getByRole('button', { name: 'SIGN UP' }));

/** Answers the upline lookup and records every code it was asked about. */
function recordLookups(names: Record<string, string>) {
  const asked: string[] = [];
  server.use(
    http.get<never, never, Envelope<{ name: string }>>(apiUrl('auth/get-refer'), ({ request }) => {
      const code = new URL(request.url).searchParams.get('referralCode') ?? '';
      asked.push(code);
      const name = names[code];
      return name ? ok({ name }) : failure(404, 'Invitation id not found', 'NOT_FOUND');
    }),
  );
  return asked;
}

const codeField = () => screen.getByRole('combobox', { name: 'Code' });

async function chooseDialCode(user: User, search: string, option: RegExp) {
  await user.type(codeField(), search);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('sign-up screen', () => {
  it('upper-cases the invitation id as it is typed', async () => {
    recordLookups({});
    const { user } = await openSignUp();
    await user.type(field('Invitation Id'), 'ab2c');
    expect(field('Invitation Id')).toHaveValue('AB2C');
  });

  it('locks the invitation id of an invitation link and shows its upline without a lookup', async () => {
    const asked = recordLookups({});
    await openSignUp('/register?referralCode=spxn5678&upline=Ravi%20Kumar');
    expect(field('Invitation Id')).toHaveValue('SPXN5678');
    expect(field('Invitation Id')).toHaveAttribute('readonly');
    expect(screen.getByText('Upline: Ravi Kumar')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('looks the upline up once, 500 ms after typing stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const asked = recordLookups({ SPXN5678: 'Ravi Kumar' });
    const { user } = await openSignUp('/register', { fakeTimers: true });
    await user.type(field('Invitation Id'), 'spxn5678');
    await act(async () => {
      vi.advanceTimersByTime(450);
    });
    // A lookup in flight would already show as 'Checking…'; the request itself lands later.
    expect(screen.queryByText('Checking invitation id…')).not.toBeInTheDocument();
    expect(asked).toEqual([]);
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    expect(await screen.findByText('Upline: Ravi Kumar')).toBeInTheDocument();
    expect(asked).toEqual(['SPXN5678']);
  });

  it('says an unknown invitation id is invalid, without a toast', async () => {
    recordLookups({});
    const { user } = await openSignUp();
    await user.type(field('Invitation Id'), 'ZZZZ9999');
    expect(await screen.findByText('Invalid invitation id')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('validates every field with the shared messages', async () => {
    recordLookups({});
    const { user } = await openSignUp();
    await user.type(field('Email Id'), 'not-an-email');
    await submit(user);
    expect(await screen.findByText('Invitation id is required')).toBeInTheDocument();
    expect(screen.getByText('Dial code is required')).toBeInTheDocument();
    expect(screen.getByText('Mobile is required')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter valid Email id.')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('keeps only digits in the mobile number, at most 10', async () => {
    const { user } = await openSignUp();
    await user.type(field('Mobile'), '98a7-65 4321099');
    expect(field('Mobile')).toHaveValue('9876543210');
    expect(field('Mobile')).toHaveAttribute('inputmode', 'numeric');
    expect(field('Mobile')).toHaveAttribute('maxlength', '10');
  });

  it('takes a German number of 11 digits and says what is wrong with one Germany does not have', async () => {
    const { user } = await openSignUp();
    await chooseDialCode(user, 'germany', /^Germany/);
    await user.type(field('Mobile'), '1511234');
    await submit(user);
    expect(await screen.findByText('Mobile is not a valid number for Germany')).toBeInTheDocument();
    await user.type(field('Mobile'), '5678');
    expect(field('Mobile')).toHaveValue('15112345678');
    expect(field('Mobile')).toHaveAttribute('maxlength', '14');
    await waitFor(() =>
      expect(
        screen.queryByText('Mobile is not a valid number for Germany'),
      ).not.toBeInTheDocument(),
    );
  });

  it('names the country chosen among those sharing a dial code', async () => {
    const { user } = await openSignUp();
    await chooseDialCode(user, 'canada', /^Canada/);
    await user.type(field('Mobile'), '9876543210');
    await submit(user);
    expect(await screen.findByText('Mobile is not a valid number for Canada')).toBeInTheDocument();
  });

  it('offers about 240 countries to search by name or dial code', async () => {
    const { user } = await openSignUp();
    await user.click(codeField());
    expect((await screen.findAllByRole('option')).length).toBeGreaterThanOrEqual(240);
    await user.type(codeField(), '+91');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['India+91']);
  });

  it('registers, keeps the new Registered ID and sends the member to sign in with it', async () => {
    const sent = vi.fn();
    recordLookups({ SPXN5678: 'Ravi Kumar' });
    server.use(
      http.post<never, RegisterBody>(apiUrl('auth/register'), async ({ request }) => {
        sent(await request.json());
        return ok({ referral_code: 'NEWM3MBR' }, 'Registration successful');
      }),
    );
    const { user, router } = await openSignUp();
    await user.type(field('Invitation Id'), 'spxn5678');
    await chooseDialCode(user, 'india', /^India/);
    await user.type(field('Mobile'), '9876543210');
    await user.type(field('Name'), 'Asha Verma');
    await user.type(field('Email Id'), 'asha@example.com');
    await user.type(field('Password'), 'a long passphrase');
    await user.click(
      screen.getByRole('checkbox', { name: 'I read and agree to Terms & Conditions' }),
    );
    await submit(user);

    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(sent).toHaveBeenCalledWith({
      referralCode: 'SPXN5678',
      name: 'Asha Verma',
      email: 'asha@example.com',
      password: 'a long passphrase',
      mobile_number: '+919876543210',
      // The robot check solved while the form was filled in (decision 0050).
      proofOfWork: expect.stringMatching(/^[A-Za-z0-9+/=]+$/),
    });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?referralCode=NEWM3MBR');
    expect(window.localStorage.getItem(storageKeys.referralCode)).toBe('"NEWM3MBR"');
    expect(field('Registered ID')).toHaveValue('NEWM3MBR');
    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
    expect(screen.getByText(/We emailed you a 6-digit code/)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'verify your email' })).toHaveAttribute(
        'href',
        '/verify-otp?loginId=NEWM3MBR',
      ),
    );
  });
});

describe('a sign-up from another country', () => {
  it('sends a US number with its dial code', async () => {
    const sent = vi.fn();
    recordLookups({ SPXN5678: 'Ravi Kumar' });
    server.use(
      http.post<never, RegisterBody>(apiUrl('auth/register'), async ({ request }) => {
        sent(await request.json());
        return ok({ referral_code: 'NEWM3MBR' }, 'Registration successful');
      }),
    );
    const { user } = await openSignUp();
    await user.type(field('Invitation Id'), 'spxn5678');
    await chooseDialCode(user, 'united states of', /^United States of America/);
    await user.type(field('Mobile'), '2015550123');
    await user.type(field('Name'), 'Sam Lee');
    await user.type(field('Email Id'), 'sam@example.com');
    await user.type(field('Password'), 'a long passphrase');
    await submit(user);
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(sent).toHaveBeenCalledWith(expect.objectContaining({ mobile_number: '+12015550123' }));
  });
});

describe('the robot check of the sign-up', () => {
  async function fillIn(user: User) {
    await user.type(field('Invitation Id'), 'spxn5678');
    await chooseDialCode(user, 'india', /^India/);
    await user.type(field('Mobile'), '9876543210');
    await user.type(field('Name'), 'Asha Verma');
    await user.type(field('Email Id'), 'asha@example.com');
    await user.type(field('Password'), 'a long passphrase');
  }

  it('is solved as the form appears, says so to screen readers, and goes with the registration', async () => {
    recordLookups({ SPXN5678: 'Ravi Kumar' });
    const { handler, served } = serveChallenges();
    const proofs: unknown[] = [];
    server.use(
      handler,
      http.post<never, RegisterBody>(apiUrl('auth/register'), async ({ request }) => {
        proofs.push((await request.json()).proofOfWork);
        return ok({ referral_code: 'NEWM3MBR' }, 'Registration successful');
      }),
    );
    const { user } = await openSignUp();
    const status = screen.getByRole('status', { name: 'Robot check' });
    await waitFor(() => expect(status).toHaveTextContent('Robot check done.'));
    expect(served.count).toBe(1);
    await fillIn(user);
    await submit(user);
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(proofs).toHaveLength(1);
    const sent = JSON.parse(atob(proofs[0] as string)) as {
      challenge: { parameters: { cost: number } };
      solution: { counter: number };
    };
    // The solution the app found for the served challenge (its secret counter is 5).
    expect(sent.solution.counter).toBe(5);
    expect(sent.challenge.parameters.cost).toBe(10);
  });

  it('solves a new one and sends again when the server asks for one, without a toast', async () => {
    recordLookups({ SPXN5678: 'Ravi Kumar' });
    const proofs: unknown[] = [];
    server.use(
      http.post<never, RegisterBody>(apiUrl('auth/register'), async ({ request }) => {
        proofs.push((await request.json()).proofOfWork);
        if (proofs.length === 1)
          return HttpResponse.json(
            {
              status: 'error',
              message: 'Please let the automatic robot check finish, then send the form again.',
              error: 'PROOF_OF_WORK_REQUIRED',
              data: { challengeUrl: '/api/v1/auth/proof-of-work', field: 'proofOfWork' },
            },
            { status: 428 },
          );
        return ok({ referral_code: 'NEWM3MBR' }, 'Registration successful');
      }),
    );
    const { user } = await openSignUp();
    await fillIn(user);
    await submit(user);
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(proofs).toHaveLength(2);
    expect(proofs[1]).not.toBe(proofs[0]);
    expect(screen.queryByText(/robot check finish/)).not.toBeInTheDocument();
  });
});
