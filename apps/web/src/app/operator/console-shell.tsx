import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { operatorPaths } from '../../config/operator-paths.ts';
import { useCurrentOperator } from '../../features/operator-auth/api/operator-auth.ts';
import { ShellFrame } from '../shell/shell-frame.tsx';
import { SideNavFrame } from '../shell/side-nav-frame.tsx';
import { TopBar } from '../shell/top-bar.tsx';
import { ConsoleNav } from './console-nav.tsx';

/**
 * The frame of every console screen: the members' layout (sidebar from 1200 px, a drawer below)
 * with the console's menu, and the operator's address and role in the top bar.
 */
export function ConsoleShell() {
  const operator = useCurrentOperator();
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);

  if (!operator) return <Navigate to={operatorPaths.signIn} replace />;
  const close = () => setIsDrawerOpen(false);
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
      nav={
        <SideNavFrame
          home={operatorPaths.dashboard}
          caption="Operator console"
          isDrawerOpen={isDrawerOpen}
          onCloseDrawer={close}
        >
          {(onNavigate) => <ConsoleNav role={operator.role} onNavigate={onNavigate} />}
        </SideNavFrame>
      }
      overlays={null}
    >
      <Outlet />
    </ShellFrame>
  );
}
