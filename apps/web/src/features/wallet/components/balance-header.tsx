import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Money } from '../../../components/money.tsx';
import { useWalletBalance } from '../api/get-wallet-balance.ts';

function Figure({
  label,
  value,
  isLoading,
}: {
  label: string;
  value: number | undefined;
  isLoading: boolean;
}) {
  return (
    <Stack sx={{ minWidth: 0, alignItems: 'flex-end' }}>
      <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.2 }}>
        {label}
      </Typography>
      {isLoading ? (
        <Skeleton width={84} height={22} />
      ) : (
        <Money
          value={value}
          decimals={4}
          noWrap
          sx={{ fontWeight: 700, fontSize: { xs: 14, sm: 15 } }}
        />
      )}
    </Stack>
  );
}

/** The top bar's balances, to 4 decimals (client contract). */
export function BalanceHeader() {
  const { data, isPending } = useWalletBalance();
  return (
    <Stack
      direction="row"
      spacing={{ xs: 1.5, sm: 3 }}
      aria-label="Wallet balance"
      role="group"
      sx={{ minWidth: 0 }}
    >
      <Figure label="Fund" value={data?.primary_wallet} isLoading={isPending} />
      <Figure label="Profit" value={data?.profit_wallet} isLoading={isPending} />
    </Stack>
  );
}
