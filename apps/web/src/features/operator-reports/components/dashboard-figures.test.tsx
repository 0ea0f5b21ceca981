import type { DashboardData } from '@app/contracts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatExactMoney, sumDollars } from '../utils/exact-money.ts';
import { DashboardFigures } from './dashboard-figures.tsx';

const base: DashboardData = {
  asOf: '2026-03-04T15:00:00.000Z',
  today: '2026-03-04',
  weekStart: '2026-03-02',
  newMembers: { today: 1, week: 2 },
  tickets: { open: 3, answered: 1 },
  mails: { failed: 7 },
  memberSeries: [],
  money: null,
};

const figures = (counted: number, amount: number) => ({ count: counted, amount });
const money: NonNullable<DashboardData['money']> = {
  today: {
    depositsConfirmed: figures(1, 100.000001),
    withdrawalsRequested: figures(1, 30),
    withdrawalsPaid: figures(1, 20),
  },
  week: {
    depositsConfirmed: figures(2, 175.75),
    withdrawalsRequested: figures(2, 50),
    withdrawalsPaid: figures(1, 20),
  },
  queues: { deposits: 4, withdrawals: 5, adjustments: 6 },
  liabilities: {
    asOf: base.asOf,
    withdrawableNow: 0,
    pendingWithdrawals: 0,
    fundWallets: 0,
    accruedUnclaimedProfit: 0,
    futureProfit: 0,
    commissionsAccrued: 0,
    totalOwed: 0,
    depositsReceived: 0,
    withdrawalsPaid: 0,
    netReceived: 0,
    coverage: 0,
  },
  reconciliation: { ok: true, checkedAt: base.asOf, issues: 0 },
  series: [],
};

const renderFigures = (data: DashboardData) =>
  render(
    <MemoryRouter>
      <DashboardFigures data={data} />
    </MemoryRouter>,
  );

describe('DashboardFigures', () => {
  it('shows money to the money roles, exact to the micro-dollar, and the queues as links', () => {
    renderFigures({ ...base, money });
    const today = screen.getByRole('region', { name: 'Today' });
    expect(within(today).getByText('$100.000001')).toBeInTheDocument();
    expect(within(today).getAllByText('1 transaction')).toHaveLength(3);
    const week = screen.getByRole('region', { name: 'This week' });
    expect(within(week).getByText('$175.75')).toBeInTheDocument();
    expect(within(week).getAllByText('2 transactions')).toHaveLength(2);
    const queues = screen.getByRole('region', { name: 'Work queues' });
    expect(within(queues).getByRole('link', { name: /Withdrawals 5/ })).toHaveAttribute(
      'href',
      '/operator/withdrawals',
    );
    expect(within(queues).getByRole('link', { name: /Open tickets 3/ })).toHaveAttribute(
      'href',
      '/operator/tickets',
    );
    expect(within(queues).getByText('Mails not sent').parentElement).toHaveTextContent(
      'Mails not sent7given up, last 7 days',
    );
  });

  it('shows support members and tickets only', () => {
    renderFigures(base);
    const row = screen.getByRole('region', { name: 'Members and tickets' });
    expect(within(row).getByRole('link', { name: /Joined this week 2/ })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /Answered tickets 1/ })).toBeInTheDocument();
    expect(within(row).getByText('Mails not sent').parentElement).toHaveTextContent(
      'Mails not sent7',
    );
    expect(screen.queryByText(/Deposits|Withdrawals|\$/)).not.toBeInTheDocument();
  });
});

describe('exact money', () => {
  it('sums dollar amounts without floating-point drift and shows every decimal', () => {
    expect(sumDollars([0.1, 0.2])).toBe(0.3);
    expect(sumDollars([100.000001, -0.000001, 75.25])).toBe(175.25);
    expect(formatExactMoney(1234.5)).toBe('$1,234.50');
    expect(formatExactMoney(-0.000001, true)).toBe('-$0.000001');
    expect(formatExactMoney(20, true)).toBe('+$20.00');
  });
});
