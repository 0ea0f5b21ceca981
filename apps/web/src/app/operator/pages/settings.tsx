import { RetentionSettingsCard } from '../../../features/operator-settings/components/retention-settings-card.tsx';
import { RobotCheckSettingsCard } from '../../../features/operator-settings/components/robot-check-settings-card.tsx';
import { SecuritySettingsCard } from '../../../features/operator-settings/components/security-settings-card.tsx';
import { RequirementsCard } from '../../../features/operator-verification/components/requirements-card.tsx';
import { VerificationSettingsCard } from '../../../features/operator-verification/components/verification-settings-card.tsx';
import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleSettingsRoute() {
  return (
    <>
      <ConsolePageHeader screen="settings" />
      <SecuritySettingsCard />
      <RobotCheckSettingsCard />
      <VerificationSettingsCard />
      <RequirementsCard />
      <RetentionSettingsCard />
    </>
  );
}
