import BlockRounded from '@mui/icons-material/BlockRounded';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { canOpen, operatorPaths, type OperatorScreen } from '../../config/operator-paths.ts';
import { useCurrentOperator } from '../../features/operator-auth/api/operator-auth.ts';

/** The console needs an operator session; a member's token never counts. */
export function RequireOperator() {
  const operator = useCurrentOperator();
  return operator ? <Outlet /> : <Navigate to={operatorPaths.signIn} replace />;
}

/** The console's sign-in: an operator already signed in goes to the overview. */
export function OperatorPublicOnly() {
  const operator = useCurrentOperator();
  return operator ? <Navigate to={operatorPaths.dashboard} replace /> : <Outlet />;
}

/**
 * A screen the operator's role may not open says so (the server would refuse its calls
 * anyway): reached by a typed address or a link from someone with another role.
 */
export function RoleGate({ screen, children }: { screen: OperatorScreen; children: ReactNode }) {
  const operator = useCurrentOperator();
  if (operator && !canOpen(operator.role, screen)) {
    return (
      <EmptyState
        icon={<BlockRounded />}
        tone="warning"
        titleComponent="h1"
        title="Not available to your role"
        description={`Operators with the ${operator.role} role cannot open this screen.`}
      />
    );
  }
  return children;
}
