import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import Fab from '@mui/material/Fab';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { BOTTOM_TABS_HEIGHT } from './shell-frame.tsx';

/** A floating way to reach support from any screen; above the bottom tabs on mobile. */
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
        right: { xs: 16, sm: 24 },
        bottom: { xs: `calc(${BOTTOM_TABS_HEIGHT + 16}px + env(safe-area-inset-bottom))`, sm: 24 },
      }}
    >
      <SupportAgentRounded />
    </Fab>
  );
}
