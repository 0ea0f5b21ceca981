import MenuRounded from '@mui/icons-material/MenuRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { Brand } from '../../components/brand.tsx';
import { SIDEBAR_WIDTH } from './shell-frame.tsx';

type Props = {
  /** Opens the menu drawer; the skeleton, drawn before the app runs, has none to open. */
  onOpenMenu?: () => void;
  /** At the end of the bar: the balances and the notifications bell. */
  children: ReactNode;
};

/** Menu button (below desktop), brand (tablet), then `children` at the end. */
export function TopBar({ onOpenMenu, children }: Props) {
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{
        width: { lg: `calc(100% - ${SIDEBAR_WIDTH}px)` },
        ml: { lg: `${SIDEBAR_WIDTH}px` },
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Toolbar
        sx={{ gap: { xs: 1, sm: 2 }, pl: { xs: 1, sm: 2, md: 3 }, pr: { xs: 1.5, sm: 2, md: 3 } }}
      >
        <IconButton
          aria-label="Open menu"
          edge="start"
          onClick={onOpenMenu}
          sx={{ display: { lg: 'none' } }}
        >
          <MenuRounded />
        </IconButton>
        <Box sx={{ display: { xs: 'none', sm: 'block', lg: 'none' }, minWidth: 0 }}>
          <Brand size={28} />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {children}
      </Toolbar>
    </AppBar>
  );
}
