import type {
  BuyPackageBody,
  PackageView,
  PurchasedPackageView,
  WalletBalance,
} from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { buildPackage, buildPurchasedPackage, pageOfItems } from '../../../testing/factories.ts';
import { apiUrl, failure, ok, validationFailure } from '../../../testing/handlers.ts';
import { detailValue } from '../../../testing/queries.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

const starter = buildPackage();
const growth = buildPackage({
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  name: 'Growth',
  minAmount: 500,
  maxAmount: 2499,
  dailyPercentage: 0.4,
});

function serveCatalogue(packages: PackageView[] = [starter, growth]) {
  server.use(http.get(apiUrl('package'), () => ok(pageOfItems(packages))));
}

type Sent = { body: BuyPackageBody; key: string | null };

/** Records each purchase request and answers with the given responses in turn. */
function serveBuy(...answers: (() => Response | Promise<Response>)[]) {
  const sent: Sent[] = [];
  server.use(
    http.post<never, BuyPackageBody>(apiUrl('package/buy-package'), async ({ request }) => {
      sent.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
      const answer = answers[Math.min(sent.length, answers.length) - 1];
      return answer ? answer() : failure(500, 'no answer prepared');
    }),
  );
  return sent;
}

async function openBuyDialog(name = 'Starter') {
  signInAs();
  const view = renderApp('/packages');
  await view.user.click(await screen.findByRole('button', { name: `Buy ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: `Buy ${name}` });
  return { ...view, dialog };
}

const confirm = (view: Awaited<ReturnType<typeof openBuyDialog>>) =>
  view.user.click(within(view.dialog).getByRole('button', { name: 'Confirm' }));

describe('packages catalogue', () => {
  it('shows each package with its range, daily rate, days and the profit of its smallest amount', async () => {
    serveCatalogue();
    signInAs();
    renderApp('/packages');
    const card = await screen.findByRole('article', { name: 'Starter' });
    expect(within(card).getByText('0.3 % a day')).toBeInTheDocument();
    expect(detailValue(card, 'Amount')).toBe('$50 – $499');
    expect(detailValue(card, 'Duration')).toBe('365 days');
    expect(detailValue(card, 'Total return')).toBe('109.5 %');
    expect(detailValue(card, 'Profit on $50')).toBe('$54.75');
    const growthCard = screen.getByRole('article', { name: 'Growth' });
    expect(detailValue(growthCard, 'Total return')).toBe('146 %');
    expect(detailValue(growthCard, 'Profit on $500')).toBe('$730.00');
  });

  it('shows 6 skeleton rows while loading, then an empty state when nothing is on sale', async () => {
    server.use(
      http.get(apiUrl('package'), async () => {
        await delay(150);
        return ok(pageOfItems<PackageView>([]));
      }),
    );
    signInAs();
    renderApp('/packages');
    const loading = await screen.findByRole('status', { name: 'Loading packages' });
    expect(within(loading).getAllByTestId('skeleton-row')).toHaveLength(6);
    expect(await screen.findByText('No packages on sale')).toBeInTheDocument();
  });
});

describe('buy dialog', () => {
  it('previews the profit exactly as the amount is typed and shows the fund balance', async () => {
    serveCatalogue();
    const view = await openBuyDialog();
    const preview = within(view.dialog).getByRole('region', { name: 'Profit preview' });
    expect(detailValue(preview, 'Daily profit (0.3 %)')).toBe('—');
    expect(within(view.dialog).getByLabelText('Fund wallet balance')).toHaveTextContent(
      '$1,250.5000',
    );

    const amount = within(view.dialog).getByLabelText('Amount');
    expect(amount).toHaveAttribute('inputmode', 'decimal');
    await view.user.type(amount, '100');
    expect(detailValue(preview, 'Daily profit (0.3 %)')).toBe('$0.30');
    expect(detailValue(preview, 'Days')).toBe('365');
    expect(detailValue(preview, 'Total profit')).toBe('$109.50');
    // Before paying, the member reads that the $100 does not come back, only the profit does.
    expect(detailValue(preview, 'Returned at the end')).toBe('$0.00');
    expect(detailValue(preview, 'Expected back in all')).toBe('$109.50');
    expect(within(view.dialog).getByRole('note', { name: 'Before you buy' })).toHaveTextContent(
      /not returned at the end.*You can lose what you put in/,
    );

    // Floored to the micro-dollar like the server: $77.777777 × 0.3 % = $0.233333331 → $0.233333 a
    // day, × 365 = $85.166545 (unfloored it would be $85.1667).
    await view.user.clear(amount);
    await view.user.type(amount, '77.777777');
    expect(detailValue(preview, 'Daily profit (0.3 %)')).toBe('$0.2333');
    expect(detailValue(preview, 'Total profit')).toBe('$85.1665');
  });

  it.each([
    ['', 'Amount is required'],
    ['abc', 'Enter valid Amount.'],
    ['10', 'Amount must be between $50 and $499'],
    ['499.000001', 'Amount must be between $50 and $499'],
    ['100.1234567', 'Amount can have at most 6 decimal places'],
  ])('refuses %j with "%s" and sends nothing', async (typed, message) => {
    serveCatalogue();
    const sent = serveBuy();
    const view = await openBuyDialog();
    if (typed) await view.user.type(within(view.dialog).getByLabelText('Amount'), typed);
    await confirm(view);
    expect(await within(view.dialog).findByText(message)).toBeInTheDocument();
    expect(
      detailValue(
        within(view.dialog).getByRole('region', { name: 'Profit preview' }),
        'Total profit',
      ),
    ).toBe('—');
    expect(sent).toEqual([]);
  });

  it('warns and holds Confirm back when the fund wallet does not hold the amount', async () => {
    serveCatalogue();
    const view = await openBuyDialog('Growth');
    await view.user.type(within(view.dialog).getByLabelText('Amount'), '2000');
    expect(
      within(view.dialog).getByText('Your fund wallet does not hold this amount.'),
    ).toBeInTheDocument();
    expect(within(view.dialog).getByRole('link', { name: 'Deposit' })).toHaveAttribute(
      'href',
      '/fund/deposits',
    );
    expect(within(view.dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });

  it('buys, shows the success dialog and refreshes the wallet balance', async () => {
    serveCatalogue();
    const bought = buildPurchasedPackage();
    const sent = serveBuy(() =>
      ok<PurchasedPackageView>(bought, 'Package Starter bought for $100'),
    );
    const view = await openBuyDialog();
    expect(await within(view.dialog).findByLabelText('Fund wallet balance')).toHaveTextContent(
      '$1,250.5000',
    );
    const balanceAfter = vi.fn(() =>
      ok<WalletBalance>({ primary_wallet: 1150.5, profit_wallet: 42.123456 }),
    );
    server.use(http.get(apiUrl('auth/wallet-balance'), balanceAfter));

    await view.user.type(within(view.dialog).getByLabelText('Amount'), '100');
    await confirm(view);

    const success = await screen.findByRole('dialog', { name: 'Package bought' });
    expect(sent).toEqual([
      {
        body: { packageId: starter.id, amount: '100' },
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    expect(detailValue(success, 'Amount')).toBe('$100.00');
    expect(detailValue(success, 'Daily profit')).toBe('$0.30 (0.3 %)');
    expect(detailValue(success, 'Total days')).toBe('365');
    expect(detailValue(success, 'Total profit')).toBe('$109.50');
    expect(detailValue(success, 'Start date')).toBe('Mar 1, 2025');
    expect(detailValue(success, 'Status')).toBe('Active');
    expect(within(success).getByRole('link', { name: 'My investments' })).toHaveAttribute(
      'href',
      '/fund/investments',
    );

    await view.user.click(within(success).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await within(screen.getByRole('group', { name: 'Wallet balance' })).findByText('$1,150.5000'),
    ).toBeInTheDocument();
    expect(balanceAfter).toHaveBeenCalled();
  });

  it('shows Expired in the success dialog when the package has already ended', async () => {
    serveCatalogue();
    serveBuy(() => ok<PurchasedPackageView>(buildPurchasedPackage({ isExpired: true })));
    const view = await openBuyDialog();
    await view.user.type(within(view.dialog).getByLabelText('Amount'), '100');
    await confirm(view);
    expect(
      detailValue(await screen.findByRole('dialog', { name: 'Package bought' }), 'Status'),
    ).toBe('Expired');
  });

  it('sends the same Idempotency-Key when a failed submission is retried, and a new one after a settled answer', async () => {
    serveCatalogue();
    const sent = serveBuy(
      () => failure(500, 'Something went wrong'),
      () => failure(422, 'Insufficient balance in fund wallet', 'INSUFFICIENT_FUNDS'),
      () => ok<PurchasedPackageView>(buildPurchasedPackage()),
    );
    const view = await openBuyDialog();
    await view.user.type(within(view.dialog).getByLabelText('Amount'), '100');

    await confirm(view); // 500: the outcome is open, so the retry must be the same request
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    await confirm(view); // 422: stored by the server under that key, so the key is spent
    expect(await screen.findByText('Insufficient balance in fund wallet')).toBeInTheDocument();
    await confirm(view);
    await screen.findByRole('dialog', { name: 'Package bought' });

    expect(sent).toHaveLength(3);
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(sent[2]?.key).not.toBe(sent[1]?.key);
  });

  it('uses a new key when the amount changes between attempts', async () => {
    serveCatalogue();
    const sent = serveBuy(() => failure(503, 'Try again shortly'));
    const view = await openBuyDialog();
    const amount = within(view.dialog).getByLabelText('Amount');
    await view.user.type(amount, '100');
    await confirm(view);
    await waitFor(() => expect(sent).toHaveLength(1));
    await view.user.clear(amount);
    await view.user.type(amount, '200');
    await confirm(view);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body.amount).toBe('200');
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
  });

  it("puts the server's reason for the amount under the field", async () => {
    serveCatalogue();
    serveBuy(() =>
      validationFailure([{ field: 'amount', reason: 'Amount must be between $50 and $450' }]),
    );
    const view = await openBuyDialog();
    await view.user.type(within(view.dialog).getByLabelText('Amount'), '460');
    await confirm(view);
    expect(
      await within(view.dialog).findByText('Amount must be between $50 and $450'),
    ).toBeInTheDocument();
    expect(screen.getByText('amount: Amount must be between $50 and $450')).toBeInTheDocument();
  });
});
