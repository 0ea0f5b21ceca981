import type { CreateDepositData, DepositProvidersData } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildDeposit } from '../../../testing/factories.ts';
import { apiUrl, failure, ok, validationFailure } from '../../../testing/handlers.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { redirectToPaymentPage } from '../utils/redirect.ts';

// jsdom cannot navigate away; the redirect is checked by what it was asked to open.
vi.mock('../utils/redirect.ts', () => ({ redirectToPaymentPage: vi.fn(() => true) }));

const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const HASH = 'a'.repeat(64);
const manual = { asset: 'USDT', network: 'TRC-20', address: ADDRESS } as const;

const serveProviders = (providers: DepositProvidersData['providers']) =>
  server.use(
    http.get(apiUrl('secure/providers'), () =>
      ok<DepositProvidersData>({ providers, minimumAmount: 10, manual }),
    ),
  );

type Sent = { body: unknown; key: string | null };

/** Answers secure/create and records each body and Idempotency-Key. */
function serveCreate(answer: CreateDepositData) {
  const sent: Sent[] = [];
  server.use(
    http.post(apiUrl('secure/create'), async ({ request }) => {
      sent.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
      return ok(answer);
    }),
  );
  return sent;
}

async function openDeposits() {
  signInAs();
  const view = renderApp('/fund/deposits');
  await screen.findByRole('heading', { level: 1, name: 'Deposit' });
  const form = await screen.findByRole('form', { name: 'Deposit' });
  return { ...view, form };
}

describe('deposit screen', () => {
  beforeEach(() => {
    vi.mocked(redirectToPaymentPage).mockClear();
  });

  it('with only manual on offer, says how it works without a choice, then shows where to send and takes the hash', async () => {
    serveProviders(['manual']);
    const sent = serveCreate({
      ...buildDeposit({ amount: 125.5 }),
      payment_url: null,
      instructions: manual,
    });
    const hashes: unknown[] = [];
    server.use(
      http.post(apiUrl(`secure/${buildDeposit().id}/tx-hash`), async ({ request }) => {
        hashes.push(await request.json());
        return ok(buildDeposit({ txHash: HASH }));
      }),
    );
    const { user, form } = await openDeposits();
    expect(within(form).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(form).getByText('Manual transfer')).toBeInTheDocument();
    expect(within(form).getByText(/Send USDT \(TRC-20\) to our address/)).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Amount'), '125.5');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));

    const instructions = await screen.findByRole('region', { name: /Send \$125\.50 in USDT/ });
    expect(sent).toEqual([
      {
        body: { provider: 'manual', amount: '125.5' },
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    expect(
      await screen.findByText('Deposit of $125.50 created; send the USDT to the address shown'),
    ).toBeInTheDocument();
    expect(within(instructions).getByText(ADDRESS)).toBeInTheDocument();
    expect(within(instructions).getByText('TRC-20')).toBeInTheDocument();
    // A wallet app on the phone scans the address instead of the member typing it.
    const qr = await within(instructions).findByRole('img', {
      name: 'QR code of the TRC-20 address',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    await user.click(within(instructions).getByRole('button', { name: 'Copy address' }));
    expect(await navigator.clipboard.readText()).toBe(ADDRESS);
    await user.click(within(instructions).getByRole('button', { name: 'Copy network' }));
    expect(await navigator.clipboard.readText()).toBe('TRC-20');

    const hashField = within(instructions).getByRole('textbox', { name: 'Transaction hash' });
    await user.type(hashField, 'not-a-hash');
    await user.click(within(instructions).getByRole('button', { name: 'Save hash' }));
    expect(
      await within(instructions).findByText('Enter valid Transaction hash.'),
    ).toBeInTheDocument();
    expect(hashes).toEqual([]);

    await user.clear(hashField);
    // Pasted, as a member does with a hash (and typing 66 characters is slow in jsdom).
    await user.click(hashField);
    await user.paste(`0x${HASH.toUpperCase()}`);
    await user.click(within(instructions).getByRole('button', { name: 'Save hash' }));
    expect(await within(instructions).findByText(/Transaction hash saved/)).toBeInTheDocument();
    expect(hashes).toEqual([{ txHash: `0x${HASH}` }]);
    expect(within(instructions).getByRole('link', { name: 'Deposit history' })).toHaveAttribute(
      'href',
      '/fund/deposit-history',
    );
  });

  it('checks the amount before sending: required, a number, at least $10', async () => {
    serveProviders(['manual']);
    const sent = serveCreate({ ...buildDeposit(), payment_url: null, instructions: manual });
    const { user, form } = await openDeposits();
    const amount = within(form).getByLabelText('Amount');
    const submit = within(form).getByRole('button', { name: 'Continue' });

    await user.click(submit);
    expect(await within(form).findByText('Amount is required')).toBeInTheDocument();
    await user.type(amount, 'ten');
    await user.click(submit);
    expect(await within(form).findByText('Enter valid Amount.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '9.99');
    await user.click(submit);
    expect(await within(form).findByText('Amount must be at least $10')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('offers the gateway when the server does, and sends the browser to its payment page', async () => {
    serveProviders(['gateway', 'manual']);
    const paymentUrl = 'https://nowpayments.io/payment/?iid=4522625843';
    const sent = serveCreate({
      ...buildDeposit({ provider: 'gateway', amount: 50, paymentUrl }),
      payment_url: paymentUrl,
      instructions: null,
    });
    const { user, form } = await openDeposits();
    const gateway = within(form).getByRole('radio', { name: /Payment gateway/ });
    expect(gateway).toBeChecked();
    await user.click(within(form).getByRole('radio', { name: /Manual transfer/ }));
    await user.click(gateway);
    await user.type(within(form).getByLabelText('Amount'), '50');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(redirectToPaymentPage).toHaveBeenCalledWith(paymentUrl));
    expect(sent).toEqual([
      { body: { provider: 'gateway', amount: '50' }, key: expect.any(String) },
    ]);
    expect(
      await screen.findByText('Deposit of $50.00 created; taking you to the payment page'),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal on the field and in a toast, and a new key for the next try", async () => {
    serveProviders(['gateway', 'manual']);
    const keys: (string | null)[] = [];
    server.use(
      http.post(apiUrl('secure/create'), ({ request }): Response => {
        keys.push(request.headers.get('Idempotency-Key'));
        return keys.length === 1
          ? validationFailure([{ field: 'provider', reason: 'Enter valid Provider.' }])
          : failure(503, 'Payment gateway is not available; use a manual deposit', 'UNAVAILABLE');
      }),
    );
    const { user, form } = await openDeposits();
    await user.type(within(form).getByLabelText('Amount'), '20');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('provider: Enter valid Provider.')).toBeInTheDocument();
    expect(within(form).getByText('Enter valid Provider.')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('Payment gateway is not available; use a manual deposit'),
    ).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
    expect(redirectToPaymentPage).not.toHaveBeenCalled();
  });

  it('says deposits are paused when the server offers no provider, and offers Retry when it fails', async () => {
    serveProviders([]);
    signInAs();
    const { unmount } = renderApp('/fund/deposits');
    expect(await screen.findByText('Deposits are paused')).toBeInTheDocument();
    unmount();

    server.use(http.get(apiUrl('secure/providers'), () => failure(500, 'Something went wrong')));
    renderApp('/fund/deposits');
    expect(await screen.findByText('The deposit options could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});
