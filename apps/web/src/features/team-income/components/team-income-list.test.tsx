import type { IncomePage, IncomeRecord } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIncome, incomePage } from '../../../testing/factories.ts';
import { apiUrl, failure, ok } from '../../../testing/handlers.ts';
import { asDesktop, asPhone, resetScreen } from '../../../testing/media.ts';
import { detailValue, listItemTexts, tableCells } from '../../../testing/queries.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { serveList } from '../../../testing/serve-list.ts';

const paid = buildIncome({ id: 'r3' });
const processing = buildIncome({
  id: 'r2',
  status: 'pending',
  paidAt: null,
  amount: 12.5,
  baseAmount: 250,
  packageName: 'Starter',
  sourceMember: { name: 'Kiran Das', referral_code: 'KIRA4455' },
});
const notPaid = buildIncome({
  id: 'r1',
  status: 'not-paid',
  paidAt: null,
  amount: 25,
  baseAmount: 500,
  notPaidReason: 'no active package',
  createdAt: '2025-03-01T08:00:00.000Z',
});
const sums = { totalAmount: 50, pendingAmount: 12.5, notPaidAmount: 25 };

/** Serves one income endpoint and records the query string of each request. */
const serveIncome = (path: string, items: IncomeRecord[], page: Partial<IncomePage> = sums) =>
  serveList(path, () => ok(incomePage(items, page)));

async function openIncome(url: string, title: string) {
  signInAs();
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: title });
  return view;
}

const totals = (name: string) => screen.getByRole('region', { name });

const slow = { timeout: 30_000 };

describe('referral bonus', slow, () => {
  afterEach(resetScreen);

  it('lists each bonus with its member, purchase, rate, status and plan, and the three totals', async () => {
    asDesktop();
    const asked = serveIncome('income/referral-bonus', [paid, processing, notPaid]);
    await openIncome('/income/referral-bonus', 'Referral bonus');
    const table = await screen.findByRole('table', { name: 'Referral bonus' });
    expect(tableCells(table).map((cells) => cells.slice(1))).toEqual([
      ['Meera NairMEER7788', 'Growth', '5\u00a0% of $1,000.00', '$50.00', 'Paid', 'v2'],
      ['Kiran DasKIRA4455', 'Starter', '5\u00a0% of $250.00', '$12.50', 'Processing', 'v2'],
      [
        'Meera NairMEER7788',
        'Growth',
        '5\u00a0% of $500.00',
        '$25.00 (not paid)',
        'Not paidno active package',
        'v2',
      ],
    ]);
    const sumsShown = totals('Total referral bonus');
    expect(detailValue(sumsShown, 'Paid')).toBe('$50.00');
    expect(detailValue(sumsShown, 'Processing')).toBe('$12.50');
    expect(detailValue(sumsShown, 'Not paid')).toBe('$25.00');
    expect(asked).toEqual(['page=1&pageSize=20']);
  });

  it("leaves the package and plan out of a tablet's table, where the rest must fit", async () => {
    serveIncome('income/referral-bonus', [notPaid]);
    await openIncome('/income/referral-bonus', 'Referral bonus');
    const table = await screen.findByRole('table', { name: 'Referral bonus' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'From', 'Rate', 'Amount', 'Status']);
  });

  it('sends the status and dates it is filtered by, keeps them in the address and starts again at page 1', async () => {
    const asked = serveIncome('income/referral-bonus', [notPaid], { ...sums, total: 45 });
    const { user, router } = await openIncome('/income/referral-bonus?page=2', 'Referral bonus');
    await screen.findByRole('table', { name: 'Referral bonus' });

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Not paid' }));
    await waitFor(() => expect(asked).toContain('page=1&pageSize=20&status=not-paid'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-01' } });
    await waitFor(() =>
      expect(asked).toContain('page=1&pageSize=20&from=2025-03-01&status=not-paid'),
    );
    expect(router.state.location.search).toBe('?status=not-paid&from=2025-03-01');
    expect(asked[0]).toBe('page=2&pageSize=20');
  });

  it('ignores a status in the address that the API does not know', async () => {
    const asked = serveIncome('income/referral-bonus', [paid]);
    await openIncome('/income/referral-bonus?status=lost', 'Referral bonus');
    await screen.findByRole('table', { name: 'Referral bonus' });
    expect(asked).toEqual(['page=1&pageSize=20']);
  });

  it('shows a card per bonus on a phone, the one not paid muted with its reason', async () => {
    asPhone();
    serveIncome('income/referral-bonus', [paid, notPaid]);
    await openIncome('/income/referral-bonus', 'Referral bonus');
    const list = await screen.findByRole('list', { name: 'Referral bonus' });
    const cards = within(list).getAllByRole('listitem');
    expect(listItemTexts(list)[0]).toMatch(/^Meera NairMEER7788Amount \$50\.00Date/);
    expect(detailValue(cards[1]!, 'Status')).toBe('Not paidno active package');
    expect(within(cards[1]!).getByText('$25.00')).toHaveStyle({
      textDecoration: 'line-through',
    });
    expect(cards[1]).toHaveTextContent('Amount $25.00 (not paid)');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says what earns it when there is none, and otherwise that the filters match nothing', async () => {
    serveIncome('income/referral-bonus', [], {});
    const { user } = await openIncome('/income/referral-bonus', 'Referral bonus');
    expect(await screen.findByText('No referral bonus yet')).toBeInTheDocument();
    expect(
      screen.getByText(
        'You earn a share of every package your direct referrals buy, once you hold an active package yourself.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Share your referral link' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Paid' }));
    expect(await screen.findByText('No referral bonus matches these filters')).toBeInTheDocument();
  });

  it('shows skeleton rows while loading, and no totals yet', async () => {
    server.use(http.get(apiUrl('income/referral-bonus'), () => delay('infinite')));
    await openIncome('/income/referral-bonus', 'Referral bonus');
    expect(await screen.findByRole('status', { name: 'Loading referral bonus' })).toBeVisible();
    expect(detailValue(totals('Total referral bonus'), 'Paid')).toBe('…');
  });

  it('says the list failed, with the reason in a toast, and Retry loads it again', async () => {
    server.use(
      http.get(apiUrl('income/referral-bonus'), () => failure(500, 'Something went wrong')),
    );
    const { user } = await openIncome('/income/referral-bonus', 'Referral bonus');
    expect(await screen.findByText('Your referral bonus could not be loaded.')).toBeInTheDocument();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    serveIncome('income/referral-bonus', [paid]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Referral bonus' })).toBeInTheDocument();
  });
});

// When it was recorded, in the browser's time zone.
const anyDate = expect.stringMatching(/^Mar \d, 2025$/);

const otherKinds = [
  {
    url: '/income/team-level-bonus',
    title: 'Team level bonus',
    path: 'income/team-level-bonus',
    record: buildIncome({ kind: 'team-level-bonus', level: 3, percentage: 1, amount: 10 }),
    headers: ['Date', 'From', 'Level', 'Package', 'Rate', 'Amount', 'Status', 'Plan'],
    row: [
      anyDate,
      'Meera NairMEER7788',
      '3',
      'Growth',
      '1\u00a0% of $1,000.00',
      '$10.00',
      'Paid',
      'v2',
    ],
    empty: /two to six levels below you/,
  },
  {
    url: '/income/team-profit',
    title: 'Team profit',
    path: 'auth/team-profit',
    record: buildIncome({
      kind: 'team-profit',
      level: 2,
      period: '2025-03-03',
      packageName: null,
      baseAmount: 4,
      percentage: 5,
      amount: 0.2,
      status: 'not-paid',
      notPaidReason: 'level 2 locked: 0 of 1 active directs',
    }),
    headers: ['Claimed for', 'From', 'Level', 'Rate', 'Amount', 'Status', 'Plan'],
    row: [
      'Mar 3, 2025',
      'Meera NairMEER7788',
      '2',
      '5\u00a0% of $4.00',
      '$0.20 (not paid)',
      'Not paidlevel 2 locked: 0 of 1 active directs',
      'v2',
    ],
    empty: /daily profit your team claims/,
  },
  {
    url: '/income/weekly-income',
    title: 'Weekly income',
    path: 'bounus/monthly-weekly',
    record: buildIncome({
      kind: 'weekly-income',
      sourceMember: null,
      level: null,
      packageId: null,
      packageName: null,
      period: '2025-03-03',
      baseAmount: 1500,
      percentage: 1,
      amount: 15,
    }),
    headers: ['Week', 'Rate', 'Amount', 'Status', 'Date', 'Plan'],
    row: [
      expect.stringMatching(/^Mar 3\s–\s9, 2025$/),
      '1\u00a0% of $1,500.00',
      '$15.00',
      'Paid',
      anyDate,
      'v2',
    ],
    empty: /Every Monday/,
  },
  {
    url: '/income/monthly-income',
    title: 'Monthly income',
    path: 'bounus/monthly-salary',
    record: buildIncome({
      kind: 'monthly-income',
      sourceMember: null,
      level: null,
      packageId: null,
      packageName: null,
      period: '2025-02',
      baseAmount: null,
      percentage: null,
      rank: 'Bronze',
    }),
    headers: ['Month', 'Rank', 'Amount', 'Status', 'Date', 'Plan'],
    row: ['February 2025', 'Bronze', '$50.00', 'Paid', anyDate, 'v2'],
    empty: /On the 1st of each month/,
  },
];

describe.each(otherKinds)('$title', slow, ({ url, title, path, record, headers, row, empty }) => {
  afterEach(resetScreen);

  it('lists its records from its own endpoint with the columns that fit the kind', async () => {
    asDesktop();
    const asked = serveIncome(path, [record]);
    await openIncome(url, title);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(headers);
    expect(tableCells(table)).toEqual([row]);
    expect(asked).toEqual(['page=1&pageSize=20']);
  });

  it('says what earns it when there is none yet', async () => {
    serveIncome(path, [], {});
    await openIncome(url, title);
    expect(await screen.findByText(empty)).toBeInTheDocument();
  });
});
