import type { WalletSummaryData } from '@app/contracts';
import { FigureGrid } from '../../../components/figure-grid.tsx';
import { Money } from '../../../components/money.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useWalletSummary } from '../api/get-wallet-summary.ts';
import { INCOME_TOTALS_COLUMNS, IncomeTotalsSkeleton } from './income-totals-skeleton.tsx';

type Income = WalletSummaryData['income'];

/**
 * Every kind of income the summary totals (the member's own, the team's, rewards), each leading
 * to its list; short names, as the region says they are income and a phone fits two a row.
 */
const kinds: { key: keyof Income; label: string; to: string }[] = [
  { key: 'trade', label: 'Trade', to: paths.tradeIncome },
  { key: 'compounding', label: 'Compounding', to: paths.compoundingIncome },
  { key: 'referralBonus', label: 'Referral bonus', to: paths.referralBonus },
  { key: 'teamLevelBonus', label: 'Team-level bonus', to: paths.teamLevelBonus },
  { key: 'teamProfit', label: 'Team profit', to: paths.teamProfit },
  { key: 'weeklyIncome', label: 'Weekly', to: paths.weeklyIncome },
  { key: 'monthlyIncome', label: 'Monthly', to: paths.monthlyIncome },
  { key: 'reward', label: 'Rewards', to: paths.rewards },
];

/** What each kind of income has credited in all, from the wallet summary. */
export function IncomeTotals() {
  const { data, isPending, isError, refetch } = useWalletSummary();
  if (isPending) return <IncomeTotalsSkeleton />;
  if (isError)
    return (
      <QueryError
        message="Your income totals could not be loaded."
        onRetry={() => void refetch()}
      />
    );
  return (
    <FigureGrid
      label="Income by kind"
      columns={INCOME_TOTALS_COLUMNS}
      figures={kinds.map(({ key, label, to }) => ({
        label,
        value: <Money value={data.income[key]} decimals="amount" />,
        to,
      }))}
    />
  );
}
