import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Link as RouterLink } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { paths } from '../../config/paths.ts';
import { WalletSummary } from '../../features/wallet/components/wallet-summary.tsx';
import { NavMenu } from './nav-menu.tsx';
import { DRAWER_WIDTH, SIDEBAR_WIDTH, SideNavColumn } from './shell-frame.tsx';

function BrandBar({ onClose }: { onClose?: () => void }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between', gap: 1, px: 2 }}>
      <Box
        component={RouterLink}
        to={paths.dashboard}
        onClick={onClose}
        sx={{ color: 'inherit', textDecoration: 'none', minWidth: 0 }}
      >
        <Brand size={30} />
      </Box>
      {onClose && (
        <IconButton aria-label="Close menu" edge="end" onClick={onClose}>
          <CloseRounded />
        </IconButton>
      )}
    </Toolbar>
  );
}

type Props = { isDrawerOpen: boolean; onCloseDrawer: () => void };

export function SideNav({ isDrawerOpen, onCloseDrawer }: Props) {
  // One menu at a time: below 1200 px the sidebar's thirty entries would only be hidden by
  // CSS, yet rendered, styled and laid out on every phone's first load. Read at once (noSsr),
  // so a desktop's first paint already has its sidebar.
  const isDesktop = useMediaQuery(useTheme().breakpoints.up('lg'), { noSsr: true });
  return (
    <SideNavColumn>
      {isDesktop ? (
        <Drawer
          variant="permanent"
          open
          slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } } }}
        >
          <BrandBar />
          <WalletSummary />
          <NavMenu />
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={isDrawerOpen}
          onClose={onCloseDrawer}
          slotProps={{ paper: { sx: { width: DRAWER_WIDTH, maxWidth: '85vw' } } }}
        >
          <BrandBar onClose={onCloseDrawer} />
          <WalletSummary />
          <NavMenu onNavigate={onCloseDrawer} />
        </Drawer>
      )}
    </SideNavColumn>
  );
}
