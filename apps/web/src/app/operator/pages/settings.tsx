import { SecuritySettingsCard } from '../../../features/operator-settings/components/security-settings-card.tsx';
import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleSettingsRoute() {
  return (
    <>
      <ConsolePageHeader screen="settings" />
      <SecuritySettingsCard />
    </>
  );
}
