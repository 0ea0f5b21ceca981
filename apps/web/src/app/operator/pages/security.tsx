import { OperatorSecurityCard } from '../security-card.tsx';
import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleSecurityRoute() {
  return (
    <>
      <ConsolePageHeader screen="security" />
      <OperatorSecurityCard />
    </>
  );
}
