import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import Fab from '@mui/material/Fab';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { BOTTOM_TABS_HEIGHT, SUPPORT_BUTTON_INSET, SUPPORT_BUTTON_SIZE } from './shell-frame.tsx';

/**
 * A floating way to reach support from any screen, in a space of its own so it covers nothing
 * (ShellFrame): in the bottom bar's right end on a phone, in the right lane wider.
 */
export function SupportFab() {
  const { pathname } = useLocation();
  if (pathname === paths.support) return null;
  return (
    <Fab
      component={RouterLink}
      to={paths.support}
      aria-label="Support"
      size="medium"
      sx={{
        position: 'fixed',
        width: SUPPORT_BUTTON_SIZE,
        height: SUPPORT_BUTTON_SIZE,
        right: { xs: SUPPORT_BUTTON_INSET.phone, sm: SUPPORT_BUTTON_INSET.wide },
        bottom: {
          xs: `calc(${(BOTTOM_TABS_HEIGHT - SUPPORT_BUTTON_SIZE) / 2}px + env(safe-area-inset-bottom))`,
          sm: SUPPORT_BUTTON_INSET.wide,
        },
        // Above the bottom bar it sits in.
        zIndex: (theme) => theme.zIndex.appBar + 1,
      }}
    >
      <SupportAgentRounded />
    </Fab>
  );
}
