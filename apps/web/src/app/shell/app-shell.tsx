import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { BOTTOM_TABS_HEIGHT, BottomTabs } from './bottom-tabs.tsx';
import { SideNav } from './side-nav.tsx';
import { SupportFab } from './support-fab.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * The frame of every protected screen: sidebar (≥1200 px) or menu drawer, top bar with
 * balances and notifications, bottom tabs on phones, and the support button.
 */
export function AppShell() {
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const { pathname } = useLocation();

  // Each screen starts at its top, as a full page load would. (A block body: recent
  // browsers return a promise from scrollTo, and an effect may only return a cleanup.)
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <TopBar onOpenMenu={() => setIsDrawerOpen(true)} />
      <SideNav isDrawerOpen={isDrawerOpen} onCloseDrawer={() => setIsDrawerOpen(false)} />
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
          <Outlet />
        </Container>
      </Box>
      <SupportFab />
      <BottomTabs />
    </Box>
  );
}
