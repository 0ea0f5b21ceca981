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

type BrandBarProps = {
  /** The home the brand links to. */
  home: string;
  /** A word under the brand naming the app (the console's), if any. */
  caption?: string | undefined;
  onClose?: (() => void) | undefined;
};

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

type Props = Omit<BrandBarProps, 'onClose'> & {
  isDrawerOpen: boolean;
  onCloseDrawer: () => void;
  /** The menu under the brand; in the drawer it is given the way to close it on navigating. */
  children: (onNavigate?: () => void) => ReactNode;
};

/**
 * The brand and a menu (the members' app and the console alike): a permanent sidebar from
 * 1200 px, a drawer below it.
 */
export function SideNavFrame({ home, caption, isDrawerOpen, onCloseDrawer, children }: Props) {
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
