import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleMembersRoute() {
  return <ConsolePageHeader screen="members" />;
}
