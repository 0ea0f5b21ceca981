import { PageHeader } from '../../components/page-header.tsx';
import { VerificationScreen } from '../../features/verification/components/verification-screen.tsx';
import { screens } from '../screens.ts';

export default function VerificationRoute() {
  return (
    <>
      <PageHeader title={screens.verification.title} subtitle={screens.verification.summary} />
      <VerificationScreen />
    </>
  );
}
