import AccountBalanceWalletRounded from '@mui/icons-material/AccountBalanceWalletRounded';
import AutorenewRounded from '@mui/icons-material/AutorenewRounded';
import SavingsRounded from '@mui/icons-material/SavingsRounded';
import type { WalletFigures } from '@app/contracts';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Money } from '../../../components/money.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { FundWalletActions, WithdrawAction } from '../../../components/wallet-actions.tsx';
import { WalletCard, type WalletTone } from '../../../components/wallet-card.tsx';
import { useWallets } from '../api/get-wallets.ts';

type WalletProps = {
  title: string;
  figures: WalletFigures;
  icon: ReactNode;
  tone: WalletTone;
  actions?: ReactNode;
};

function Wallet({ title, figures, icon, tone, actions }: WalletProps) {
  return (
    <WalletCard title={title} label={`${title} wallet`} icon={icon} tone={tone} actions={actions}>
      <Box>
        <Typography variant="body2" color="text.secondary">
          Available
        </Typography>
        <Money
          value={figures.available}
          decimals={2}
          variant="h4"
          noWrap
          sx={{ fontWeight: 700 }}
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        Held <Money value={figures.held} decimals={2} variant="body2" /> · Total{' '}
        <Money value={figures.total} decimals={2} variant="body2" />
      </Typography>
    </WalletCard>
  );
}

/** The fund, profit and compounding wallets with what can be done with each (short titles fit three across at 900 px). */
export function WalletOverview() {
  const { data, isPending, isError, refetch } = useWallets();
  if (isPending) return <SkeletonRows rows={3} height={120} label="Loading wallets" />;
  if (isError)
    return (
      <QueryError message="Your wallets could not be loaded." onRetry={() => void refetch()} />
    );
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Wallet
          title="Fund"
          figures={data.fund}
          tone="primary"
          icon={<AccountBalanceWalletRounded />}
          actions={<FundWalletActions />}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Wallet
          title="Profit"
          figures={data.profit}
          tone="success"
          icon={<SavingsRounded />}
          actions={<WithdrawAction wallet="profit" />}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Wallet
          title="Compounding"
          figures={data.compounding}
          tone="info"
          icon={<AutorenewRounded />}
          actions={<WithdrawAction wallet="compounding" />}
        />
      </Grid>
    </Grid>
  );
}
