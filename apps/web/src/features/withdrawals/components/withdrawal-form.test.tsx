import type {
  PayoutAddressData,
  UpdateAddressBody,
  WalletsData,
  WithdrawalBody,
  WithdrawalHold,
  WithdrawalView,
} from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  buildMember,
  buildWithdrawal,
  pageOfItems,
  TRC20_ADDRESS,
} from '../../../testing/factories.ts';
import { formatDateTimeWithZone } from '../../../lib/format.ts';
import { apiUrl, failure, ok, tooEarly, validationFailure } from '../../../testing/handlers.ts';
import { detailValue } from '../../../testing/queries.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

const wallets: WalletsData = {
  fund: { available: 500, held: 0, total: 500 },
  profit: { available: 120, held: 0, total: 120 },
  compounding: { available: 6000, held: 0, total: 6000 },
};
const savedAddress: PayoutAddressData = { address: TRC20_ADDRESS, network: 'TRC-20' };
const noAddress: PayoutAddressData = { address: null, network: null };

function serveScreen({
  address = savedAddress,
  pending = [] as WithdrawalView[],
}: { address?: PayoutAddressData; pending?: WithdrawalView[] } = {}) {
  server.use(
    http.get(apiUrl('auth/wallet'), () => ok(wallets)),
    http.get(apiUrl('auth/address'), () => ok(address)),
    http.get(apiUrl('safe/withdrwal-hist'), ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      return ok(pageOfItems(status === 'pending' ? pending : []));
    }),
  );
}

/** Records each send-otp query string and answers with the given responses in turn. */
function serveSendOtp(...answers: (() => Response)[]) {
  const sent: Record<string, string>[] = [];
  server.use(
    http.get(apiUrl('auth/send-otp'), ({ request }) => {
      sent.push(Object.fromEntries(new URL(request.url).searchParams));
      return (answers[Math.min(sent.length, answers.length) - 1] ?? (() => ok(null)))();
    }),
  );
  return sent;
}

function serveWithdrawal(...answers: (() => Response)[]) {
  const sent: { body: WithdrawalBody; key: string | null }[] = [];
  server.use(
    http.post<never, WithdrawalBody>(apiUrl('safe/withdrawal'), async ({ request }) => {
      sent.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
      return answers[Math.min(sent.length, answers.length) - 1]!();
    }),
  );
  return sent;
}

async function openForm() {
  signInAs();
  const view = renderApp('/fund/withdrawal');
  const form = await screen.findByRole('form', { name: 'Withdrawal' });
  return { ...view, form };
}

const fees = () => screen.getByRole('region', { name: 'Fee and net amount' });

// Whole-app renders with forms take seconds on a busy two-core machine.
const slow = { timeout: 30_000 };

describe('/fund/withdrawal', slow, () => {
  beforeEach(() => serveScreen());

  it('shows each wallet with its available balance and the saved payout address', async () => {
    await openForm();
    expect(
      await screen.findByRole('radio', { name: /Profit wallet\s*\$120\.00 available/ }),
    ).toBeChecked();
    expect(
      screen.getByRole('radio', { name: /Compounding wallet\s*\$6,000\.00 available/ }),
    ).not.toBeChecked();
    const card = screen.getByRole('region', { name: 'Payout address' });
    expect(await within(card).findByText(TRC20_ADDRESS)).toBeInTheDocument();
    expect(within(card).getByText('USDT TRC-20')).toBeInTheDocument();
  });

  it('shows the 5 % fee and the net amount as the amount is typed', async () => {
    const { user } = await openForm();
    expect(detailValue(fees(), 'You receive')).toBe('—');
    await user.type(screen.getByLabelText('Amount'), '100');
    expect(detailValue(fees(), 'Fee (5 %)')).toBe('$5.00');
    expect(detailValue(fees(), 'You receive')).toBe('$95.00');
    await user.clear(screen.getByLabelText('Amount'));
    // Integer micro-dollars like the server: a $1.666665 fee leaves $31.666635 (shown to 4 places).
    await user.type(screen.getByLabelText('Amount'), '33.3333');
    expect(detailValue(fees(), 'Fee (5 %)')).toBe('$1.6667');
    expect(detailValue(fees(), 'You receive')).toBe('$31.6666');
  });

  it('refuses less than $10, more than the wallet has and more than a day allows, without asking for a code', async () => {
    const sent = serveSendOtp();
    const { user } = await openForm();
    const amount = screen.getByLabelText('Amount');
    await user.type(amount, '9.99');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Amount must be at least $10')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '120.01');
    expect(await screen.findByText('Your profit wallet has $120.00 available')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Compounding wallet/ }));
    await user.click(screen.getByRole('button', { name: 'Max: withdraw the most allowed' }));
    expect(amount).toHaveValue('5000');
    await user.type(amount, '.5');
    expect(await screen.findByText('At most $5,000 can be withdrawn per day')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('asks for a code bound to the wallet and amount, shows the server reason for a wrong code, then requests the withdrawal once and opens its history', async () => {
    const sent = serveSendOtp();
    const requests = serveWithdrawal(
      () => validationFailure([{ field: 'otp', reason: 'OTP is invalid or expired' }]),
      () =>
        ok(
          buildWithdrawal({ wallet: 'compounding', amount: 150, fee: 7.5, netAmount: 142.5 }),
          'Withdrawal requested',
        ),
    );
    const { user, router } = await openForm();
    await user.type(screen.getByLabelText('Amount'), '150');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Your profit wallet has $120.00 available')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Compounding wallet/ }));
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    const step = await screen.findByRole('form', { name: 'Confirm withdrawal' });
    expect(sent).toEqual([{ purpose: 'withdrawal', wallet: 'compounding', amount: '150' }]);
    const summary = within(step).getByRole('region', { name: 'Withdrawal to confirm' });
    expect(detailValue(summary, 'From')).toBe('Compounding wallet');
    expect(detailValue(summary, 'To')).toBe('TR7NHqje…gjLj6t');
    expect(detailValue(summary, 'You receive')).toBe('$142.50');

    await user.type(within(step).getByLabelText('Email code'), '12a3456');
    expect(within(step).getByLabelText('Email code')).toHaveValue('123456');
    await user.click(within(step).getByRole('button', { name: 'Confirm withdrawal' }));
    expect(
      await within(step).findByText('OTP is invalid or expired', { selector: 'p' }),
    ).toBeInTheDocument();

    await user.clear(within(step).getByLabelText('Email code'));
    await user.type(within(step).getByLabelText('Email code'), '654321');
    await user.click(within(step).getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/fund/compounding-withdrawal-history'),
    );
    expect(await screen.findByText('Withdrawal requested')).toBeInTheDocument();
    expect(requests.map(({ body }) => body)).toEqual([
      { wallet: 'compounding', amount: '150', otp: '123456' },
      { wallet: 'compounding', amount: '150', otp: '654321' },
    ]);
    // A refused request is settled: the next submission is a new one with its own key.
    expect(requests[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(requests[1]!.key).not.toBe(requests[0]!.key);
  });

  it('waits as long as the server asks before another code, and goes back to change the amount', async () => {
    serveSendOtp(
      () => ok(null),
      () => tooEarly(42),
    );
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Amount'), '50');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const step = await screen.findByRole('form', { name: 'Confirm withdrawal' });
    await user.click(within(step).getByRole('button', { name: 'Resend code' }));
    expect(
      await within(step).findByRole('button', { name: /Resend code in 4\d s/ }),
    ).toBeDisabled();
    expect(await screen.findByText('Please wait before asking for a new code')).toBeInTheDocument();

    await user.click(within(step).getByRole('button', { name: 'Change amount' }));
    expect(await screen.findByLabelText('Amount')).toHaveValue('50');
    expect(screen.getByRole('button', { name: /Send code in 4\d s/ })).toBeDisabled();
  });

  it('toasts a refusal of the request and shows the pending one the server found', async () => {
    serveSendOtp();
    const pending = buildWithdrawal({ amount: 40, createdAt: '2025-03-06T11:00:00.000Z' });
    let hasPending = false;
    server.use(
      http.get(apiUrl('safe/withdrwal-hist'), () => ok(pageOfItems(hasPending ? [pending] : []))),
    );
    serveWithdrawal(() => {
      hasPending = true;
      return failure(
        409,
        'You already have a pending withdrawal; wait until it is paid or rejected, or cancel it',
        'CONFLICT',
      );
    });
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Amount'), '50');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const step = await screen.findByRole('form', { name: 'Confirm withdrawal' });
    await user.type(within(step).getByLabelText('Email code'), '123456');
    await user.click(within(step).getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText(/You already have a pending withdrawal/)).toBeInTheDocument();
    expect(await screen.findByText('A withdrawal is already pending')).toBeInTheDocument();
  });
});

describe('/fund/withdrawal when something stands in the way', slow, () => {
  it('says a withdrawal is already pending and links to its history instead of the form', async () => {
    serveScreen({ pending: [buildWithdrawal({ wallet: 'compounding', amount: 40 })] });
    signInAs();
    renderApp('/fund/withdrawal');
    const notice = (await screen.findByText('A withdrawal is already pending')).closest(
      '[role="alert"]',
    );
    expect(notice).toHaveTextContent(
      /\$40\.00 from your compounding wallet, requested .+, is waiting to be paid/,
    );
    expect(screen.getByRole('link', { name: 'View history' })).toHaveAttribute(
      'href',
      '/fund/compounding-withdrawal-history',
    );
    expect(screen.queryByRole('form', { name: 'Withdrawal' })).not.toBeInTheDocument();
  });

  it('cancels the pending withdrawal once, and the form comes back', async () => {
    let pending = [buildWithdrawal({ id: 'w-7', amount: 40 })];
    serveScreen();
    server.use(http.get(apiUrl('safe/withdrwal-hist'), () => ok(pageOfItems(pending))));
    const cancels: (string | null)[] = [];
    server.use(
      http.post(apiUrl('safe/withdrawal/w-7/cancel'), ({ request }) => {
        cancels.push(request.headers.get('idempotency-key'));
        const [cancelled] = pending;
        pending = [];
        return ok({ ...cancelled!, status: 'cancelled' }, 'Withdrawal cancelled');
      }),
    );
    signInAs();
    const { user } = renderApp('/fund/withdrawal');
    await user.click(await screen.findByRole('button', { name: 'Cancel withdrawal' }));
    expect(await screen.findByText('Withdrawal cancelled')).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Withdrawal' })).toBeInTheDocument();
    expect(cancels).toHaveLength(1);
    expect(cancels[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks a member whose email is not verified to verify it first', async () => {
    serveScreen();
    signInAs(
      buildMember({ verified: false, referral_code: 'ABCD2345', email: 'asha@example.com' }),
    );
    renderApp('/fund/withdrawal');
    expect(await screen.findByText('Verify your email to withdraw')).toBeInTheDocument();
    expect(screen.getByText(/codes sent to asha@example\.com/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify email' })).toHaveAttribute(
      'href',
      '/verify-otp?loginId=ABCD2345',
    );
    expect(screen.queryByRole('form', { name: 'Withdrawal' })).not.toBeInTheDocument();
  });

  it('sets the payout address with a code bound to it, then lets the withdrawal go ahead', async () => {
    serveScreen({ address: noAddress });
    const sent = serveSendOtp();
    const saves: UpdateAddressBody[] = [];
    server.use(
      http.put<never, UpdateAddressBody>(apiUrl('auth/update-address'), async ({ request }) => {
        saves.push(await request.json());
        return saves.length === 1
          ? validationFailure([{ field: 'otp', reason: 'OTP is invalid or expired' }])
          : ok(savedAddress, 'Payout address saved');
      }),
    );
    const { user, form } = await openForm();
    const card = screen.getByRole('region', { name: 'Payout address' });
    expect(await screen.findByText(/Save a payout address first/)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Send code' })).toBeDisabled();

    const field = await within(card).findByLabelText('USDT address');
    await user.type(field, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u');
    await user.click(within(card).getByRole('button', { name: 'Send code' }));
    expect(await within(card).findByText('Enter valid Payout address.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(field);
    await user.type(field, ` ${TRC20_ADDRESS} `);
    await user.click(within(card).getByRole('button', { name: 'Send code' }));
    const step = await within(card).findByRole('form', { name: 'Confirm payout address' });
    expect(sent).toEqual([{ purpose: 'payout-address', address: TRC20_ADDRESS }]);
    expect(within(step).getByText(TRC20_ADDRESS)).toBeInTheDocument();

    await user.type(within(step).getByLabelText('Email code'), '111111');
    await user.click(within(step).getByRole('button', { name: 'Save address' }));
    expect(
      await within(step).findByText('OTP is invalid or expired', { selector: 'p' }),
    ).toBeInTheDocument();
    await user.clear(within(step).getByLabelText('Email code'));
    await user.type(within(step).getByLabelText('Email code'), '222222');
    await user.click(within(step).getByRole('button', { name: 'Save address' }));

    expect(await screen.findByText('Payout address saved')).toBeInTheDocument();
    expect(await within(card).findByRole('button', { name: 'Change address' })).toBeInTheDocument();
    expect(saves).toEqual([
      { address: TRC20_ADDRESS, otp: '111111' },
      { address: TRC20_ADDRESS, otp: '222222' },
    ]);
    expect(screen.queryByText(/Save a payout address first/)).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Send code' })).toBeEnabled();
  });
});

describe('/fund/withdrawal after a security change', slow, () => {
  const heldUntil = '2026-11-28T07:10:00.000Z';
  const holdNotice = () => screen.queryByText('Withdrawals are paused')?.closest('[role="alert"]');

  /** Answers the hold as the server holds it now; `hold.heldUntil` changes it. */
  function serveHold(heldUntilNow: string | null) {
    const hold: WithdrawalHold & { reads: number } = { heldUntil: heldUntilNow, reads: 0 };
    server.use(
      http.get(apiUrl('auth/withdrawal-hold'), () => {
        hold.reads += 1;
        return ok<WithdrawalHold>({ heldUntil: hold.heldUntil });
      }),
    );
    return hold;
  }

  beforeEach(() => serveScreen());

  it('leaves the form as it is when there is no hold', async () => {
    const hold = serveHold(null);
    const sent = serveSendOtp();
    const { user, form } = await openForm();
    await waitFor(() => expect(hold.reads).toBeGreaterThan(0));
    await user.type(within(form).getByLabelText('Amount'), '50');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('form', { name: 'Confirm withdrawal' })).toBeInTheDocument();
    expect(sent).toEqual([{ purpose: 'withdrawal', wallet: 'profit', amount: '50' }]);
    expect(holdNotice()).toBeFalsy();
  });

  it('says until when withdrawals are paused, why, and whom to ask, and sends no code', async () => {
    serveHold(heldUntil);
    const sent = serveSendOtp();
    const { user, form } = await openForm();
    await screen.findByText('Withdrawals are paused');
    const notice = holdNotice() as HTMLElement;
    expect(notice).toHaveTextContent(
      `Withdrawals are paused until ${formatDateTimeWithZone(heldUntil)} after a security change to your account (your password, two-factor authentication or payout address).`,
    );
    expect(notice).toHaveTextContent(/2026/);
    expect(notice).toHaveTextContent(/protects you if someone else made the change/);
    expect(within(notice).getByRole('link', { name: 'contact support' })).toHaveAttribute(
      'href',
      '/query',
    );
    await user.type(within(form).getByLabelText('Amount'), '50');
    await user.keyboard('{Enter}');
    expect(within(form).getByRole('button', { name: 'Send code' })).toBeDisabled();
    expect(sent).toEqual([]);
  });

  it('reads the hold again when a withdrawal is refused for one, and goes back to the form', async () => {
    const hold = serveHold(null);
    serveSendOtp();
    serveWithdrawal(() => {
      hold.heldUntil = heldUntil; // a hold began after the code was sent
      return failure(
        409,
        'Withdrawals are paused until 2026-11-28 07:10 UTC, after a security change to your account.',
        'WITHDRAWALS_ON_HOLD',
      );
    });
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Amount'), '50');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const step = await screen.findByRole('form', { name: 'Confirm withdrawal' });
    await user.type(within(step).getByLabelText('Email code'), '123456');
    await user.click(within(step).getByRole('button', { name: 'Confirm withdrawal' }));
    expect(
      await screen.findByText(/Withdrawals are paused until 2026-11-28 07:10 UTC/),
    ).toBeInTheDocument();
    expect(await screen.findByText('Withdrawals are paused')).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Withdrawal' });
    expect(within(form).getByRole('button', { name: 'Send code' })).toBeDisabled();
  });

  it('reads the hold again once a changed payout address is saved', async () => {
    const hold = serveHold(null);
    serveSendOtp();
    server.use(
      http.put(apiUrl('auth/update-address'), () => {
        hold.heldUntil = heldUntil; // the server starts the hold with the change
        return ok(savedAddress, 'Payout address saved');
      }),
    );
    const { user, form } = await openForm();
    const card = screen.getByRole('region', { name: 'Payout address' });
    await user.click(await within(card).findByRole('button', { name: 'Change address' }));
    await user.type(within(card).getByLabelText('USDT address'), TRC20_ADDRESS);
    await user.click(within(card).getByRole('button', { name: 'Send code' }));
    const step = await within(card).findByRole('form', { name: 'Confirm payout address' });
    await user.type(within(step).getByLabelText('Email code'), '222222');
    await user.click(within(step).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Withdrawals are paused')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Send code' })).toBeDisabled();
  });
});
