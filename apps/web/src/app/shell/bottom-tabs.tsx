import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import { Link as RouterLink, matchPath, useLocation } from 'react-router';
import { bottomTabs } from './nav-items.ts';
import { BOTTOM_TABS_HEIGHT, BottomBar } from './shell-frame.tsx';

/** Mobile only (<600 px): Home, My Wallet, Packages, Profile (client contract). */
export function BottomTabs() {
  const { pathname } = useLocation();
  // A tab stays lit on its sub-screens too (My Wallet for /fund/deposits...).
  const current =
    bottomTabs.find(({ path }) => matchPath({ path, end: false }, pathname))?.path ?? false;

  return (
    <BottomBar>
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
    </BottomBar>
  );
}
