import type { OperatorRole } from '@app/contracts';
import { operatorPaths } from '../../config/operator-paths.ts';
import { useOperatorSignOut } from '../../features/operator-auth/api/operator-auth.ts';
import { NavList } from '../shell/nav-list.tsx';
import { consoleNavFor } from './console-screens.ts';

type Props = { role: OperatorRole; mustEnrol: boolean; onNavigate?: () => void };

/** The console's menu for the operator's role (only Security before enrolment), then Sign out. */
export function ConsoleNav({ role, mustEnrol, onNavigate }: Props) {
  const signOut = useOperatorSignOut();
  const groups = consoleNavFor(role, mustEnrol).map((group) => ({
    title: group.title,
    items: group.items.map((entry) => ({ ...entry, key: entry.screen })),
  }));
  return (
    <NavList
      groups={groups}
      onNavigate={onNavigate}
      onSignOut={() => signOut.mutate()}
      isSigningOut={signOut.isPending}
      // A list's menu entry stays current on its detail screens; the overview only on itself.
      matchesNested={(path) => path !== operatorPaths.dashboard}
    />
  );
}
