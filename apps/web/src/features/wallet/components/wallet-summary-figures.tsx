import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Money } from '../../../components/money.tsx';

function Line({ label, value, isLoading }: { label: string; value?: number; isLoading: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" noWrap>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {isLoading ? <Skeleton width={72} /> : <Money value={value} decimals={2} noWrap />}
      </Typography>
    </Stack>
  );
}

type Props = { primary?: number; profit?: number; isLoading: boolean };

/**
 * 'Primary Wallet' and 'Profit Wallet' in dollars at the top of the menu, on every screen
 * (client contract), or their skeletons: also drawn by the frame's skeleton before any data.
 */
export function WalletSummaryFigures({ primary, profit, isLoading }: Props) {
  return (
    <Box
      role="group"
      aria-label="Wallets"
      sx={{ mx: 2, mb: 1, p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}
    >
      <Stack spacing={0.5}>
        <Line label="Primary Wallet" value={primary} isLoading={isLoading} />
        <Line label="Profit Wallet" value={profit} isLoading={isLoading} />
      </Stack>
    </Box>
  );
}
