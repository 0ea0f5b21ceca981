import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsolePlanRoute() {
  return <ConsolePageHeader screen="plan" />;
}
