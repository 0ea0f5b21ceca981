import { FigureGrid } from '../../../components/figure-grid.tsx';
import { Money } from '../../../components/money.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useWalletSummary } from '../api/get-wallet-summary.ts';
import {
  InvestmentTotalsSkeleton,
  INVESTMENT_TOTALS_COLUMNS,
} from './investment-totals-skeleton.tsx';

/** What the member has put in and taken out, and what is earning now, from the wallet summary. */
export function InvestmentTotals() {
  const { data, isPending, isError, refetch } = useWalletSummary();
  if (isPending) return <InvestmentTotalsSkeleton />;
  if (isError)
    return (
      <QueryError
        message="Your investment totals could not be loaded."
        onRetry={() => void refetch()}
      />
    );
  const { packages, amount } = data.active;
  return (
    <FigureGrid
      label="Investments"
      columns={INVESTMENT_TOTALS_COLUMNS}
      figures={[
        {
          label: 'Total invested',
          value: <Money value={data.invested} decimals="amount" />,
          to: paths.investments,
        },
        {
          label: 'Active packages',
          value: packages,
          hint: (
            <>
              <Money value={amount} decimals="amount" /> earning
            </>
          ),
          to: paths.investments,
        },
        {
          label: 'Deposited',
          value: <Money value={data.deposited} decimals="amount" />,
          to: paths.depositHistory,
        },
        {
          label: 'Withdrawn',
          value: <Money value={data.withdrawn} decimals="amount" />,
          to: paths.withdrawalHistory,
        },
      ]}
    />
  );
}
