import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleAdjustmentsRoute() {
  return <ConsolePageHeader screen="adjustments" />;
}
