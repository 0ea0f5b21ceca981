import { useCurrentOperator } from '../../../features/operator-auth/api/operator-auth.ts';
import { PlanScreen } from '../../../features/operator-products/components/plan-screen.tsx';
import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsolePlanRoute() {
  const operator = useCurrentOperator();
  return (
    <>
      <ConsolePageHeader screen="plan" />
      {operator && <PlanScreen operator={operator} />}
    </>
  );
}
