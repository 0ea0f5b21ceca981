import { paths } from '../../config/paths.ts';
import { WalletSummary } from '../../features/wallet/components/wallet-summary.tsx';
import { NavMenu } from './nav-menu.tsx';
import { SideNavFrame } from './side-nav-frame.tsx';

type Props = { isDrawerOpen: boolean; onCloseDrawer: () => void };

export function SideNav({ isDrawerOpen, onCloseDrawer }: Props) {
  return (
    <SideNavFrame home={paths.dashboard} isDrawerOpen={isDrawerOpen} onCloseDrawer={onCloseDrawer}>
      {(onNavigate) => (
        <>
          <WalletSummary />
          <NavMenu onNavigate={onNavigate} />
        </>
      )}
    </SideNavFrame>
  );
}
