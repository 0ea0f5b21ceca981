import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleMemberRoute() {
  return <ConsolePageHeader screen="member" />;
}
