import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import { Link as RouterLink, matchPath, useLocation } from 'react-router';
import { bottomTabs } from './nav-items.ts';
import { BOTTOM_TABS_HEIGHT, BottomBar, SUPPORT_BUTTON_ROOM } from './shell-frame.tsx';

/** Mobile only (<600 px): Home, My Wallet, Packages, Profile (client contract). */
export function BottomTabs() {
  const { pathname } = useLocation();
  // A tab stays lit on its sub-screens too (My Wallet for /fund/deposits...).
  const current =
    bottomTabs.find(({ path }) => matchPath({ path, end: false }, pathname))?.path ?? false;

  return (
    <BottomBar>
      <BottomNavigation
        showLabels
        value={current}
        sx={{ height: BOTTOM_TABS_HEIGHT, pr: SUPPORT_BUTTON_ROOM }}
      >
        {bottomTabs.map(({ path, label, icon: Icon }) => (
          <BottomNavigationAction
            key={path}
            value={path}
            label={label}
            icon={<Icon />}
            component={RouterLink}
            to={path}
            aria-current={current === path ? 'page' : undefined}
            // Four tabs beside the support button: each label on one line at 390 px.
            sx={{
              minWidth: 0,
              px: 0.5,
              '& .MuiBottomNavigationAction-label': { whiteSpace: 'nowrap' },
            }}
          />
        ))}
      </BottomNavigation>
    </BottomBar>
  );
}
