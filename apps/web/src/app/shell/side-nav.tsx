import { paths } from '../../config/paths.ts';
import { WalletSummary } from '../../features/wallet/components/wallet-summary.tsx';
import { NavMenu } from './nav-menu.tsx';
import { ResponsiveMenu } from './responsive-menu.tsx';

type Props = { isDrawerOpen: boolean; onCloseDrawer: () => void };

export function SideNav({ isDrawerOpen, onCloseDrawer }: Props) {
  return (
    <ResponsiveMenu
      isDrawerOpen={isDrawerOpen}
      onCloseDrawer={onCloseDrawer}
      home={paths.dashboard}
    >
      {(onNavigate) => (
        <>
          <WalletSummary />
          <NavMenu onNavigate={onNavigate} />
        </>
      )}
    </ResponsiveMenu>
  );
}
