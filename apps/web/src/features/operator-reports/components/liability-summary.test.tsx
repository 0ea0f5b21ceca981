import type { LiabilitiesData } from '@app/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LiabilitySummary } from './liability-summary.tsx';

const liabilities: LiabilitiesData = {
  asOf: '2026-03-04T15:00:00.000Z',
  withdrawableNow: 120,
  pendingWithdrawals: 30,
  fundWallets: 400,
  accruedUnclaimedProfit: 10,
  futureProfit: 1460,
  commissionsAccrued: 0,
  totalOwed: 2020,
  depositsReceived: 1500,
  withdrawalsPaid: 95,
  netReceived: 1405,
  coverage: -615,
};

describe('LiabilitySummary', () => {
  it('shows the coverage with its sign, and says what counts as owed', () => {
    render(
      <MemoryRouter>
        <LiabilitySummary liabilities={liabilities} />
      </MemoryRouter>,
    );
    const summary = screen.getByRole('region', { name: 'Liabilities' });
    expect(summary).toHaveTextContent('Total owed$2,020.00');
    expect(summary).toHaveTextContent('Coverage-$615.00');
    expect(summary).toHaveTextContent(
      'Coverage: net received less all that is owed, including the profit packages will still pay.',
    );
    expect(screen.getByRole('link', { name: 'Full report' })).toBeInTheDocument();
  });
});
