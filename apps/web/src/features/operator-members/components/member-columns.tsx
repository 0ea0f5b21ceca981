import type { OperatorMemberItem } from '@app/contracts';
import Typography from '@mui/material/Typography';
import { dateColumn } from '../../../components/record-columns.tsx';
import type { RecordColumn } from '../../../components/record-list.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { buildOperatorPath } from '../../../config/operator-paths.ts';
import { MemberStatusChip } from './member-status-chip.tsx';

type Column = RecordColumn<OperatorMemberItem>;

/** The name leads to the member's page; the Registered ID sits under it. */
const nameColumn: Column = {
  header: 'Member',
  cell: (member) => (
    <>
      <TextLink to={buildOperatorPath.member(member.id)}>{member.name}</TextLink>
      <Typography component="div" variant="caption" color="text.secondary">
        {member.referralCode}
      </Typography>
    </>
  ),
  card: 'title',
};

/** A row of the member search: who, how to reach them, their state and who brought them in. */
export const memberColumns: Column[] = [
  nameColumn,
  {
    header: 'Email',
    cell: (member) => (
      <>
        {member.email}
        {!member.emailVerified && (
          <Typography component="div" variant="caption" color="text.secondary">
            Not verified
          </Typography>
        )}
      </>
    ),
    card: 'detail',
  },
  { header: 'Mobile', cell: (member) => member.mobile, card: 'detail', isNowrap: true },
  {
    header: 'Status',
    cell: (member) => <MemberStatusChip status={member.status} />,
    card: 'amount',
  },
  {
    header: 'Sponsor',
    cell: (member) => member.sponsorCode ?? '—',
    card: 'detail',
    isWideOnly: true,
  },
  dateColumn('Joined', (member) => member.joinedAt, 'detail'),
];
