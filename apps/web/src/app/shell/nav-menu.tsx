import { useSignOut } from '../../features/auth/api/logout.ts';
import { navGroups } from './nav-items.ts';
import { NavList } from './nav-list.tsx';

type Props = { onNavigate?: () => void };

/** Every screen of the shell, grouped, then Sign out. Shared by the sidebar and the drawer. */
export function NavMenu({ onNavigate }: Props) {
  const signOut = useSignOut();
  return (
    <NavList
      groups={navGroups}
      onNavigate={onNavigate}
      onSignOut={() => signOut.mutate()}
      isSigningOut={signOut.isPending}
    />
  );
}
