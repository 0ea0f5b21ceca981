import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleLiabilitiesRoute() {
  return <ConsolePageHeader screen="liabilities" />;
}
