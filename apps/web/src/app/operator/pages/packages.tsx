import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsolePackagesRoute() {
  return <ConsolePageHeader screen="packages" />;
}
