import { can, TEAM_LEVELS, type OperatorRole } from '@app/contracts';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { useListParams } from '../../../lib/use-list-params.ts';
import { ConsolePageHeader } from '../console-page-header.tsx';
import { useMember } from '../../../features/operator-members/api/get-members.ts';
import {
  canActOnMembers,
  canAddMemberNotes,
  canDecideClosure,
  canSeeMemberMoney,
} from '../../../features/operator-members/utils/member-permissions.ts';
import { MemberClosurePanel } from '../../../features/operator-members/components/member-closure-panel.tsx';
import { MemberActions } from '../../../features/operator-members/components/member-actions.tsx';
import { MemberLedger } from './member-ledger.tsx';
import { MemberNotes } from '../../../features/operator-members/components/member-notes.tsx';
import { MemberPackages } from './member-packages.tsx';
import { MemberSecurity } from './member-security.tsx';
import { MemberProfile } from '../../../features/operator-members/components/member-profile.tsx';
import { MemberSecondFactor } from '../../../features/operator-members/components/member-second-factor.tsx';
import { MemberSessions } from '../../../features/operator-members/components/member-sessions.tsx';
import { MemberStatusChip } from '../../../features/operator-members/components/member-status-chip.tsx';
import { MemberTeam } from './member-team.tsx';
import { MemberWallets } from '../../../features/operator-members/components/member-wallets.tsx';

const SECTIONS = ['profile', 'wallets', 'packages', 'team', 'ledger', 'security', 'notes'] as const;
type Section = (typeof SECTIONS)[number];
const sectionLabels: Record<Section, string> = {
  profile: 'Profile',
  wallets: 'Wallets',
  packages: 'Packages',
  team: 'Team',
  ledger: 'Ledger',
  security: 'Security',
  notes: 'Notes',
};
const filterKeys = ['tab', 'level'] as const;

const readLevel = (value: string | undefined) => {
  const level = Number(value);
  return Number.isInteger(level) && level >= 1 && level <= TEAM_LEVELS ? level : undefined;
};

/** The sections a role may open: the ledger is for the money roles. */
const sectionsFor = (role: OperatorRole) =>
  SECTIONS.filter((section) => section !== 'ledger' || canSeeMemberMoney(role));

/**
 * One member: who they are, their wallets, packages, team, (for money roles) ledger and sign-in
 * history, one section at a time with the section, level and page in the address.
 */
export function MemberPage({ memberId, role }: { memberId: string; role: OperatorRole }) {
  const member = useMember(memberId);
  const { page, filters, setPage, setFilters } = useListParams(filterKeys);
  const sections = sectionsFor(role);
  const tab = sections.find((section) => section === filters.tab) ?? 'profile';

  if (member.isPending)
    return (
      <>
        <ConsolePageHeader screen="member" />
        <SkeletonRows label="Loading member" />
      </>
    );
  if (member.isError)
    return (
      <>
        <ConsolePageHeader screen="member" />
        <QueryError
          message="This member could not be loaded."
          onRetry={() => void member.refetch()}
        />
      </>
    );
  const { profile, wallets, packages, team } = member.data;
  return (
    <Stack spacing={2}>
      <ConsolePageHeader
        screen="member"
        title={profile.name}
        actions={<MemberActions member={profile} role={role} />}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: -2 }}>
        <Typography color="text.secondary">Registered ID {profile.referralCode}</Typography>
        <MemberStatusChip status={profile.status} />
      </Stack>
      <MemberClosurePanel
        memberId={profile.id}
        memberName={profile.name}
        canDecide={canDecideClosure(role)}
      />
      <Tabs
        value={tab}
        onChange={(_event, next: Section) => setFilters({ tab: next, level: undefined })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Member sections"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {sections.map((section) => (
          <Tab key={section} value={section} label={sectionLabels[section]} />
        ))}
      </Tabs>
      {tab === 'profile' && (
        <MemberProfile
          profile={profile}
          canAct={canActOnMembers(role) && profile.status !== 'closed'}
        />
      )}
      {tab === 'wallets' && <MemberWallets wallets={wallets} />}
      {tab === 'packages' && (
        <MemberPackages memberId={profile.id} summary={packages} page={page} onPage={setPage} />
      )}
      {tab === 'team' && (
        <MemberTeam
          memberId={profile.id}
          team={team}
          level={readLevel(filters.level)}
          page={page}
          onLevel={(level) =>
            setFilters({ level: level === undefined ? undefined : String(level) })
          }
          onPage={setPage}
        />
      )}
      {tab === 'ledger' && <MemberLedger memberId={profile.id} />}
      {tab === 'security' && (
        <MemberSessions
          memberId={profile.id}
          memberName={profile.name}
          canEnd={canActOnMembers(role)}
        />
      )}
      {tab === 'security' && (
        <MemberSecondFactor
          memberId={profile.id}
          memberName={profile.name}
          canReset={can(role, 'members.reset-second-factor')}
        />
      )}
      {tab === 'security' && <MemberSecurity memberId={profile.id} />}
      {tab === 'notes' && <MemberNotes memberId={profile.id} canAdd={canAddMemberNotes(role)} />}
    </Stack>
  );
}
