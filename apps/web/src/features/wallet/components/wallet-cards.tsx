import AccountBalanceWalletRounded from '@mui/icons-material/AccountBalanceWalletRounded';
import SavingsRounded from '@mui/icons-material/SavingsRounded';
import Grid from '@mui/material/Grid';
import { Money } from '../../../components/money.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { FundWalletActions, WithdrawAction } from '../../../components/wallet-actions.tsx';
import { WalletCard } from '../../../components/wallet-card.tsx';
import { useWalletBalance } from '../api/get-wallet-balance.ts';

/* Cards show 2 decimals (client contract); the header keeps the 4-decimal figure. */
export const CARD_DECIMALS = 2;
/** The big figure of a wallet card, as the frame's skeleton draws it too (shell-skeleton.tsx). */
export const CARD_AMOUNT_STYLE = { fontWeight: 700, fontVariantNumeric: 'tabular-nums' } as const;

/** The dashboard's two cards: each one's title and its field of GET auth/wallet-balance. */
export const WALLET_CARDS = [
  { title: 'Primary Wallet', field: 'primary_wallet' },
  { title: 'Profit Wallet', field: 'profit_wallet' },
] as const;

const CardAmount = ({ value }: { value: number }) => (
  <Money value={value} decimals={CARD_DECIMALS} variant="h4" noWrap sx={CARD_AMOUNT_STYLE} />
);

/** 'Primary Wallet' and 'Profit Wallet' in dollars, with the actions each one allows. */
export function WalletCards() {
  const { data, isPending, isError, refetch } = useWalletBalance();
  if (isPending) return <SkeletonRows label="Loading wallets" />;
  if (isError)
    return (
      <QueryError
        message="Your wallet balances could not be loaded."
        onRetry={() => void refetch()}
      />
    );
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <WalletCard
          title={WALLET_CARDS[0].title}
          tone="primary"
          icon={<AccountBalanceWalletRounded />}
          actions={<FundWalletActions />}
        >
          <CardAmount value={data.primary_wallet} />
        </WalletCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <WalletCard
          title={WALLET_CARDS[1].title}
          tone="success"
          icon={<SavingsRounded />}
          actions={<WithdrawAction wallet="profit" />}
        >
          <CardAmount value={data.profit_wallet} />
        </WalletCard>
      </Grid>
    </Grid>
  );
}
