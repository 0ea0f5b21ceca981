import { useWalletBalance } from '../api/get-wallet-balance.ts';
import { WalletSummaryFigures } from './wallet-summary-figures.tsx';

/** The menu's wallet amounts, from the same query as the top bar's balances. */
export function WalletSummary() {
  const { data, isPending } = useWalletBalance();
  return (
    <WalletSummaryFigures
      primary={data?.primary_wallet}
      profit={data?.profit_wallet}
      isLoading={isPending}
    />
  );
}
