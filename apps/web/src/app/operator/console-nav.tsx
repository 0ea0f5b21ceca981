import type { OperatorRole } from '@app/contracts';
import { operatorPaths } from '../../config/operator-paths.ts';
import { useOperatorSignOut } from '../../features/operator-auth/api/operator-auth.ts';
import { useWorkWaiting } from '../../features/operator-work/api/work-waiting.ts';
import { NavList } from '../shell/nav-list.tsx';
import { consoleNavFor } from './console-screens.ts';

type Props = {
  role: OperatorRole;
  mustEnrol: boolean;
  /** Whether the menu shows the work waiting (not before the operator may open the queues). */
  isWorkCounted: boolean;
  onNavigate?: () => void;
};

/** The console's menu for the operator's role (only Security before enrolment), then Sign out. */
export function ConsoleNav({ role, mustEnrol, isWorkCounted, onNavigate }: Props) {
  const signOut = useOperatorSignOut();
  // The server counts only the queues the role may see; an operator still to enrol sees none.
  const { data: waiting } = useWorkWaiting(isWorkCounted);
  const waitingBehind: Partial<Record<string, number | null>> = {
    deposits: waiting?.deposits,
    withdrawals: waiting?.withdrawals,
    tickets: waiting?.tickets,
    verification: waiting?.verifications,
  };
  const groups = consoleNavFor(role, mustEnrol).map((group) => ({
    title: group.title,
    items: group.items.map((entry) => ({
      ...entry,
      key: entry.screen,
      waiting: waitingBehind[entry.screen],
    })),
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
