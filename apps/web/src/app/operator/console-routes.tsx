import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { operatorPaths, type OperatorScreen } from '../../config/operator-paths.ts';

// The operator console: its own sign-in, then a frame whose screens each load on demand, so
// a member's first load carries none of it. Each screen is wrapped in its role gate. The guards
// load on demand too: with them, the console's session, API calls and contracts (their schemas
// built as the module is evaluated) were in the first chunk every member's start evaluates.
type Load = () => Promise<{ default: ComponentType }>;

const guards = () => import('./console-guards.tsx');

const gated = (screen: OperatorScreen, load: Load) => ({
  path: operatorPaths[screen],
  lazy: async () => {
    const [Screen, { RoleGate }] = await Promise.all([load().then((m) => m.default), guards()]);
    return {
      Component: () => (
        <RoleGate screen={screen}>
          <Screen />
        </RoleGate>
      ),
    };
  },
});

const page = (load: Load) => async () => ({ Component: (await load()).default });

export const consoleRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await guards()).OperatorPublicOnly }),
    children: [
      { path: operatorPaths.signIn, lazy: page(() => import('./pages/sign-in.tsx')) },
      { path: operatorPaths.acceptInvite, lazy: page(() => import('./pages/accept-invite.tsx')) },
    ],
  },
  {
    lazy: async () => ({ Component: (await guards()).RequireOperator }),
    children: [
      {
        lazy: async () => ({ Component: (await import('./console-shell.tsx')).ConsoleShell }),
        children: [
          gated('dashboard', () => import('./pages/dashboard.tsx')),
          gated('deposits', () => import('./pages/deposits.tsx')),
          gated('withdrawals', () => import('./pages/withdrawals.tsx')),
          gated('adjustments', () => import('./pages/adjustments.tsx')),
          gated('members', () => import('./pages/members.tsx')),
          gated('member', () => import('./pages/member.tsx')),
          gated('packages', () => import('./pages/packages.tsx')),
          gated('plan', () => import('./pages/plan.tsx')),
          gated('tickets', () => import('./pages/tickets.tsx')),
          gated('verification', () => import('./pages/verification.tsx')),
          gated('ledger', () => import('./pages/ledger.tsx')),
          gated('reconciliation', () => import('./pages/reconciliation.tsx')),
          gated('liabilities', () => import('./pages/liabilities.tsx')),
          gated('auditLog', () => import('./pages/audit-log.tsx')),
          gated('operators', () => import('./pages/operators.tsx')),
          gated('settings', () => import('./pages/settings.tsx')),
          gated('security', () => import('./pages/security.tsx')),
          {
            path: `${operatorPaths.dashboard}/*`,
            lazy: page(() => import('./pages/not-found.tsx')),
          },
        ],
      },
    ],
  },
];
