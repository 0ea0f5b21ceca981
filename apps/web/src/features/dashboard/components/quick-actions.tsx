import AddCardRounded from '@mui/icons-material/AddCardRounded';
import GroupsRounded from '@mui/icons-material/GroupsRounded';
import Inventory2Rounded from '@mui/icons-material/Inventory2Rounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import ButtonBase from '@mui/material/ButtonBase';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths.ts';

const actions: { to: string; label: string; hint: string; icon: ReactNode }[] = [
  {
    to: paths.deposits,
    label: 'Deposit',
    hint: 'Add USDT to your fund wallet',
    icon: <AddCardRounded />,
  },
  {
    to: paths.packages,
    label: 'Packages',
    hint: 'Invest for daily profit',
    icon: <Inventory2Rounded />,
  },
  {
    to: paths.referralTeam,
    label: 'My team',
    hint: 'See who joined with your link',
    icon: <GroupsRounded />,
  },
  {
    to: paths.transactionHistory,
    label: 'Transactions',
    hint: 'Every movement of your wallets',
    icon: <ReceiptLongRounded />,
  },
];

/** Shortcuts to the screens members use most. */
export function QuickActions() {
  return (
    <Grid container spacing={2} component="nav" aria-label="Quick actions">
      {actions.map(({ to, label, hint, icon }) => (
        <Grid key={to} size={{ xs: 6, md: 3 }}>
          <Paper
            variant="outlined"
            sx={{ height: '100%', '&:hover': { borderColor: 'primary.main' } }}
          >
            <ButtonBase
              component={RouterLink}
              to={to}
              sx={{
                width: '100%',
                height: '100%',
                p: 2,
                justifyContent: 'flex-start',
                alignItems: 'flex-start',
                textAlign: 'left',
                borderRadius: 'inherit',
              }}
            >
              <Stack spacing={1} sx={{ minWidth: 0 }}>
                <Stack sx={{ color: 'primary.main' }}>{icon}</Stack>
                <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {hint}
                </Typography>
              </Stack>
            </ButtonBase>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
