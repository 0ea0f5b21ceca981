import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { operatorPaths } from '../../config/operator-paths.ts';
import {
  useCurrentOperator,
  useMustEnrolSecondFactor,
} from '../../features/operator-auth/api/operator-auth.ts';
import { verifyOperatorStepUp } from '../../features/operator-security/api/operator-second-factor.ts';
import { ResponsiveMenu } from '../shell/responsive-menu.tsx';
import { ShellFrame } from '../shell/shell-frame.tsx';
import { StepUpOnDemand } from '../shell/step-up-on-demand.tsx';
import { TopBar } from '../shell/top-bar.tsx';
import { ConsoleNav } from './console-nav.tsx';

/**
 * The frame of every console screen: the members' layout (sidebar from 1200 px, a drawer below)
 * with the console's menu, and the operator's address and role in the top bar. An operator who
 * must set up a second factor first is kept on the Security screen, the only one in the menu.
 */
export function ConsoleShell() {
  const operator = useCurrentOperator();
  const mustEnrol = useMustEnrolSecondFactor();
  // Until who-am-I first answers, the screen waits in the frame; once it has, the screen stays
  // (a later refetch of who-am-I must not take it away and back).
  const [isKnown, setIsKnown] = useState(false);
  if (!isKnown && mustEnrol !== undefined) setIsKnown(true);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);

  if (!operator) return <Navigate to={operatorPaths.signIn} replace />;
  if (mustEnrol && pathname !== operatorPaths.security)
    return <Navigate to={operatorPaths.security} replace />;

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
        <ResponsiveMenu
          isDrawerOpen={isDrawerOpen}
          onCloseDrawer={() => setIsDrawerOpen(false)}
          home={operatorPaths.dashboard}
          caption="Operator console"
        >
          {(onNavigate) => (
            <ConsoleNav
              role={operator.role}
              mustEnrol={mustEnrol ?? false}
              // Counts only once who-am-I said no enrolment waits: the server refuses them before.
              isWorkCounted={mustEnrol === false}
              onNavigate={onNavigate}
            />
          )}
        </ResponsiveMenu>
      }
      // The member app's step-up dialog, on the operator's own step-up (decision 0049).
      overlays={<StepUpOnDemand verify={verifyOperatorStepUp} offersPasskeys={false} />}
    >
      {isKnown && <Outlet />}
    </ShellFrame>
  );
}
