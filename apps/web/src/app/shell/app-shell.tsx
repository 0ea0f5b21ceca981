import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ReadOnlyBanner } from '../../features/auth/components/read-only-banner.tsx';
import { NotificationsButton } from '../../features/notifications/components/notifications-button.tsx';
import { BalanceHeader } from '../../features/wallet/components/balance-header.tsx';
import { BottomTabs } from './bottom-tabs.tsx';
import { ShellFrame } from './shell-frame.tsx';
import { SideNav } from './side-nav.tsx';
import { StepUpOnDemand } from './step-up-on-demand.tsx';
import { SupportFab } from './support-fab.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * The frame of every protected screen: sidebar (≥1200 px) or menu drawer, top bar with
 * balances and notifications, bottom tabs on phones, the support button, and the dialog that asks
 * for a second factor before a money or security change (decision 0047).
 */
export function AppShell() {
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const { pathname } = useLocation();

  // Each screen the app moves to starts at its top, as a full page load would. Not the first:
  // the page has just loaded at its top, and scrolling would force a layout of the whole new
  // screen inside the first commit's task, a pause of its own on a slow phone. (A block body:
  // recent browsers return a promise from scrollTo, and an effect may only return a cleanup.)
  const landedOn = useRef<string | null>(pathname);
  useEffect(() => {
    if (pathname === landedOn.current) return;
    landedOn.current = null;
    window.scrollTo({ top: 0 });
  }, [pathname]);

  return (
    <ShellFrame
      hasSupportButton
      topBar={
        <TopBar onOpenMenu={() => setIsDrawerOpen(true)}>
          <BalanceHeader />
          <NotificationsButton />
        </TopBar>
      }
      nav={<SideNav isDrawerOpen={isDrawerOpen} onCloseDrawer={() => setIsDrawerOpen(false)} />}
      overlays={
        <>
          <SupportFab />
          <BottomTabs />
          <StepUpOnDemand />
        </>
      }
    >
      <ReadOnlyBanner />
      <Outlet />
    </ShellFrame>
  );
}
