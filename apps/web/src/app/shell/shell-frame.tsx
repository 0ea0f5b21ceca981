import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';

/** Client contract: a 250 px sidebar on desktop, a 300 px menu drawer below it. */
export const SIDEBAR_WIDTH = 250;
export const DRAWER_WIDTH = 300;
export const BOTTOM_TABS_HEIGHT = 64;
/**
 * The floating support button's own space (client contract: it floats). On a phone it sits in
 * the bottom bar's right end, beside the tabs; wider, in a lane along the screen's right edge
 * that the content leaves free: a 48 px button 24 px from the edge, and 16 px to the content.
 */
export const SUPPORT_BUTTON_SIZE = 48;
export const SUPPORT_BUTTON_INSET = { phone: 8, wide: 24 } as const;
const SUPPORT_LANE = SUPPORT_BUTTON_SIZE + SUPPORT_BUTTON_INSET.wide + 16;
/** The bottom bar's right end that its tabs leave to the support button. */
export const SUPPORT_BUTTON_ROOM = `${SUPPORT_BUTTON_SIZE + 2 * SUPPORT_BUTTON_INSET.phone}px`;

type FrameProps = {
  topBar: ReactNode;
  /** The menu: the sidebar (≥1200 px) or the drawer. */
  nav: ReactNode;
  /** The screen. */
  children: ReactNode;
  /** Fixed above the page: the bottom tabs, the support button. */
  overlays: ReactNode;
  /** Whether the content leaves the support button its lane (the member app's frame). */
  hasSupportButton?: boolean;
};

/**
 * The layout of every signed-in screen, shared by the shell and its skeleton (the page the
 * server sends for a signed-in path, and the app's fallback while the shell loads), so the
 * skeleton's bars and screen sit exactly where the shell's will.
 */
export function ShellFrame({
  topBar,
  nav,
  children,
  overlays,
  hasSupportButton = false,
}: FrameProps) {
  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      {topBar}
      {nav}
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          // Room for the bottom tabs (and the support button in them) on phones.
          pb: { xs: `${BOTTOM_TABS_HEIGHT + 24}px`, sm: 12 },
        }}
      >
        <Toolbar />
        <Container
          maxWidth="lg"
          sx={{
            pt: { xs: 2.5, sm: 4 },
            pl: { xs: 2, sm: 3, md: 4 },
            pr: hasSupportButton ? { xs: 2, sm: `${SUPPORT_LANE}px` } : { xs: 2, sm: 3, md: 4 },
          }}
        >
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
