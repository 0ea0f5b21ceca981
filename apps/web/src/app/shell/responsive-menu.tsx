import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { DRAWER_WIDTH, SIDEBAR_WIDTH, SideNavColumn } from './shell-frame.tsx';

type BrandBarProps = { home: string; caption?: string; onClose?: () => void };

function BrandBar({ home, caption, onClose }: BrandBarProps) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between', gap: 1, px: 2 }}>
      <Box
        component={RouterLink}
        to={home}
        onClick={onClose}
        sx={{ color: 'inherit', textDecoration: 'none', minWidth: 0 }}
      >
        <Brand size={30} />
        {caption && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', pl: 0.5 }}>
            {caption}
          </Typography>
        )}
      </Box>
      {onClose && (
        <IconButton aria-label="Close menu" edge="end" onClick={onClose}>
          <CloseRounded />
        </IconButton>
      )}
    </Toolbar>
  );
}

type Props = {
  isDrawerOpen: boolean;
  onCloseDrawer: () => void;
  /** Where the brand leads: the member dashboard or the console's overview. */
  home: string;
  /** A line under the brand, e.g. "Operator console". */
  caption?: string;
  /** The menu's content; `onNavigate` closes the drawer (undefined in the sidebar). */
  children: (onNavigate?: () => void) => ReactNode;
};

/**
 * The menu of a signed-in frame: a permanent sidebar from 1200 px, a drawer below. One at a
 * time: below 1200 px the sidebar's entries would only be hidden by CSS, yet rendered, styled
 * and laid out on every phone's first load. Read at once (noSsr), so a desktop's first paint
 * already has its sidebar.
 */
export function ResponsiveMenu({ isDrawerOpen, onCloseDrawer, home, caption, children }: Props) {
  const isDesktop = useMediaQuery(useTheme().breakpoints.up('lg'), { noSsr: true });
  return (
    <SideNavColumn>
      {isDesktop ? (
        <Drawer
          variant="permanent"
          open
          slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } } }}
        >
          <BrandBar home={home} caption={caption} />
          {children()}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={isDrawerOpen}
          onClose={onCloseDrawer}
          slotProps={{ paper: { sx: { width: DRAWER_WIDTH, maxWidth: '85vw' } } }}
        >
          <BrandBar home={home} caption={caption} onClose={onCloseDrawer} />
          {children(onCloseDrawer)}
        </Drawer>
      )}
    </SideNavColumn>
  );
}
