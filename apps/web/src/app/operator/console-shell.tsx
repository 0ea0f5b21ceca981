import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, Outlet, useLocation } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { operatorPaths } from '../../config/operator-paths.ts';
import { useCurrentOperator } from '../../features/operator-auth/api/operator-auth.ts';
import { DRAWER_WIDTH, SIDEBAR_WIDTH, ShellFrame, SideNavColumn } from '../shell/shell-frame.tsx';
import { TopBar } from '../shell/top-bar.tsx';
import { ConsoleNav } from './console-nav.tsx';

function ConsoleBrand({ onClose }: { onClose?: () => void }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between', gap: 1, px: 2 }}>
      <Box
        component={RouterLink}
        to={operatorPaths.dashboard}
        onClick={onClose}
        sx={{ color: 'inherit', textDecoration: 'none', minWidth: 0 }}
      >
        <Brand size={30} />
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', pl: 0.5 }}>
          Operator console
        </Typography>
      </Box>
      {onClose && (
        <IconButton aria-label="Close menu" edge="end" onClick={onClose}>
          <CloseRounded />
        </IconButton>
      )}
    </Toolbar>
  );
}

/**
 * The frame of every console screen: the members' layout (sidebar from 1200 px, a drawer below)
 * with the console's menu, and the operator's address and role in the top bar.
 */
export function ConsoleShell() {
  const operator = useCurrentOperator();
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const isDesktop = useMediaQuery(useTheme().breakpoints.up('lg'), { noSsr: true });
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);

  if (!operator) return <Navigate to={operatorPaths.signIn} replace />;
  const close = () => setIsDrawerOpen(false);
  const nav = isDesktop ? (
    <Drawer
      variant="permanent"
      open
      slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } } }}
    >
      <ConsoleBrand />
      <ConsoleNav role={operator.role} />
    </Drawer>
  ) : (
    <Drawer
      variant="temporary"
      open={isDrawerOpen}
      onClose={close}
      slotProps={{ paper: { sx: { width: DRAWER_WIDTH, maxWidth: '85vw' } } }}
    >
      <ConsoleBrand onClose={close} />
      <ConsoleNav role={operator.role} onNavigate={close} />
    </Drawer>
  );

  return (
    <ShellFrame
      topBar={
        <TopBar onOpenMenu={() => setIsDrawerOpen(true)}>
          <Typography
            variant="body2"
            noWrap
            sx={{ minWidth: 0, display: { xs: 'none', sm: 'block' } }}
            title={operator.email}
          >
            {operator.email}
          </Typography>
          <Chip size="small" label={operator.role} color="primary" variant="outlined" />
        </TopBar>
      }
      nav={<SideNavColumn>{nav}</SideNavColumn>}
      overlays={null}
    >
      <Outlet />
    </ShellFrame>
  );
}
