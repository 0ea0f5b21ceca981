import AccountBalanceWalletRounded from '@mui/icons-material/AccountBalanceWalletRounded';
import SavingsRounded from '@mui/icons-material/SavingsRounded';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LinkButton } from '../../../components/link-button.tsx';
import { Money } from '../../../components/money.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { paths } from '../../../config/paths.ts';
import { useWalletBalance } from '../api/get-wallet-balance.ts';

type CardProps = {
  title: string;
  value: number;
  icon: ReactNode;
  actions: ReactNode;
  tone: 'primary' | 'success';
};

function WalletCard({ title, value, icon, actions, tone }: CardProps) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: 2.5, height: '100%' }}
    >
      <Stack spacing={2}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={(theme) => ({
              display: 'grid',
              placeItems: 'center',
              width: 40,
              height: 40,
              borderRadius: 2,
              color: `${tone}.main`,
              bgcolor: alpha(theme.palette[tone].main, 0.12),
            })}
          >
            {icon}
          </Box>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
        </Stack>
        {/* Cards show 2 decimals (seed-spec §9); the header keeps the 4-decimal figure. */}
        <Money value={value} decimals={2} variant="h4" noWrap sx={{ fontWeight: 700 }} />
        <Stack direction="row" spacing={1}>
          {actions}
        </Stack>
      </Stack>
    </Paper>
  );
}

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
          title="Primary Wallet"
          value={data.primary_wallet}
          tone="primary"
          icon={<AccountBalanceWalletRounded />}
          actions={
            <>
              <LinkButton to={paths.deposits} variant="contained" size="small">
                Deposit
              </LinkButton>
              <LinkButton to={paths.packages} variant="outlined" size="small">
                Buy package
              </LinkButton>
            </>
          }
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <WalletCard
          title="Profit Wallet"
          value={data.profit_wallet}
          tone="success"
          icon={<SavingsRounded />}
          actions={
            <LinkButton to={paths.withdrawal} variant="outlined" size="small" color="success">
              Withdraw
            </LinkButton>
          }
        />
      </Grid>
    </Grid>
  );
}
