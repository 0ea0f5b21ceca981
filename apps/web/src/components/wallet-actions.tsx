import { buildPath, paths } from '../config/paths.ts';
import { LinkButton } from './link-button.tsx';

/** What the fund wallet is for: topping it up, and spending it on a package. */
export function FundWalletActions() {
  return (
    <>
      <LinkButton to={paths.deposits} variant="contained" size="small">
        Deposit
      </LinkButton>
      <LinkButton to={paths.packages} variant="outlined" size="small">
        Buy package
      </LinkButton>
    </>
  );
}

/** The withdrawal form with this wallet chosen, in the wallet's colour. */
export function WithdrawAction({ wallet }: { wallet: 'profit' | 'compounding' }) {
  return (
    <LinkButton
      to={wallet === 'profit' ? paths.withdrawal : buildPath.withdrawalFrom(wallet)}
      variant="outlined"
      size="small"
      color={wallet === 'profit' ? 'success' : 'info'}
    >
      Withdraw
    </LinkButton>
  );
}
