import { can } from '@app/contracts';
import { useCurrentOperator } from '../../../features/operator-auth/api/operator-auth.ts';
import { VerificationQueue } from '../../../features/operator-verification/components/verification-queue.tsx';
import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleVerificationRoute() {
  const operator = useCurrentOperator();
  return (
    <>
      <ConsolePageHeader screen="verification" />
      {operator && <VerificationQueue canReview={can(operator.role, 'verification.review')} />}
    </>
  );
}
