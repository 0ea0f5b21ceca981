import { useWalletBalance } from '../api/get-wallet-balance.ts';
import { BalanceFigures } from './balance-figures.tsx';

/** The top bar's balances, from the wallet balance query. */
export function BalanceHeader() {
  const { data, isPending } = useWalletBalance();
  return (
    <BalanceFigures
      fund={data?.primary_wallet}
      profit={data?.profit_wallet}
      isLoading={isPending}
    />
  );
}
