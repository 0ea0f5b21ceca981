import { MemberSearch } from '../../../features/operator-members/components/member-search.tsx';
import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleMembersRoute() {
  return (
    <>
      <ConsolePageHeader screen="members" />
      <MemberSearch />
    </>
  );
}
