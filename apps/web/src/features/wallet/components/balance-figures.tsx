import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Money } from '../../../components/money.tsx';

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

type Props = { fund?: number; profit?: number; isLoading: boolean };

/**
 * The top bar's balances, to 4 decimals (client contract), or their skeletons: also drawn by
 * the signed-in frame's skeleton, before any data or script (app/shell/shell-skeleton.tsx).
 */
export function BalanceFigures({ fund, profit, isLoading }: Props) {
  return (
    <Stack
      direction="row"
      spacing={{ xs: 1.5, sm: 3 }}
      aria-label="Wallet balance"
      role="group"
      sx={{ minWidth: 0 }}
    >
      <Figure label="Fund" value={fund} isLoading={isLoading} />
      <Figure label="Profit" value={profit} isLoading={isLoading} />
    </Stack>
  );
}
