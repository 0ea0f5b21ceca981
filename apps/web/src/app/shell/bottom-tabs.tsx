import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import { Link as RouterLink, matchPath, useLocation } from 'react-router';
import { bottomTabs } from './nav-items.ts';

export const BOTTOM_TABS_HEIGHT = 64;

/** Mobile only (<600 px): Home, My Wallet, Packages, Profile (client contract). */
export function BottomTabs() {
  const { pathname } = useLocation();
  // A tab stays lit on its sub-screens too (My Wallet for /fund/deposits...).
  const current =
    bottomTabs.find(({ path }) => matchPath({ path, end: false }, pathname))?.path ?? false;

  return (
    <Paper
      component="nav"
      aria-label="Quick navigation"
      elevation={8}
      square
      sx={{
        display: { xs: 'block', sm: 'none' },
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <BottomNavigation showLabels value={current} sx={{ height: BOTTOM_TABS_HEIGHT }}>
        {bottomTabs.map(({ path, label, icon: Icon }) => (
          <BottomNavigationAction
            key={path}
            value={path}
            label={label}
            icon={<Icon />}
            component={RouterLink}
            to={path}
            aria-current={current === path ? 'page' : undefined}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
