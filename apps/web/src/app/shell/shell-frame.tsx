import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';

/** Client contract: a 250 px sidebar on desktop, a 300 px menu drawer below it. */
export const SIDEBAR_WIDTH = 250;
export const DRAWER_WIDTH = 300;
export const BOTTOM_TABS_HEIGHT = 64;

type FrameProps = {
  topBar: ReactNode;
  /** The menu: the sidebar (≥1200 px) or the drawer. */
  nav: ReactNode;
  /** The screen. */
  children: ReactNode;
  /** Fixed above the page: the bottom tabs, the support button. */
  overlays: ReactNode;
};

/**
 * The layout of every signed-in screen, shared by the shell and its skeleton (the page the
 * server sends for a signed-in path, and the app's fallback while the shell loads), so the
 * skeleton's bars and screen sit exactly where the shell's will.
 */
export function ShellFrame({ topBar, nav, children, overlays }: FrameProps) {
  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      {topBar}
      {nav}
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          // Room for the bottom tabs and the support button on phones.
          pb: { xs: `${BOTTOM_TABS_HEIGHT + 88}px`, sm: 12 },
        }}
      >
        <Toolbar />
        <Container maxWidth="lg" sx={{ pt: { xs: 2.5, sm: 4 }, px: { xs: 2, sm: 3, md: 4 } }}>
          {children}
        </Container>
      </Box>
      {overlays}
    </Box>
  );
}

/** Where the sidebar goes: a column of its width beside the screen, from 1200 px. */
export function SideNavColumn({ children }: { children: ReactNode }) {
  return (
    <Box
      component="nav"
      aria-label="Main menu"
      sx={{ width: { lg: SIDEBAR_WIDTH }, flexShrink: { lg: 0 } }}
    >
      {children}
    </Box>
  );
}

/** The bar of tabs along the bottom, on phones only (<600 px). */
export function BottomBar({ children }: { children: ReactNode }) {
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
      {children}
    </Paper>
  );
}
