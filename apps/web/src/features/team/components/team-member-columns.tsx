import Typography from '@mui/material/Typography';
import { ActiveChip } from '../../../components/active-chip.tsx';
import { dateColumn, moneyColumn } from '../../../components/record-columns.tsx';
import type { RecordColumn } from '../../../components/record-list.tsx';
import type { TeamMemberRow } from '../utils/member-rows.ts';

type Column = RecordColumn<TeamMemberRow>;

const nameColumn: Column = {
  header: 'Member',
  cell: (member) => (
    <>
      {member.name}
      <Typography component="div" variant="caption" color="text.secondary">
        {member.referralCode}
      </Typography>
    </>
  ),
  card: 'title',
};

const sponsorColumn: Column = {
  header: 'Sponsor',
  cell: (member) => member.sponsor?.name ?? '—',
  card: 'detail',
};

/** Who they are, whether they earn, what they put in and what their own team brings. */
export const teamMemberColumns: Column[] = [
  nameColumn,
  dateColumn('Joined', (member) => member.joinedAt, 'detail'),
  {
    header: 'Status',
    // Active while at least one of their packages is still earning.
    cell: (member) => <ActiveChip isActive={member.active} inactiveLabel="Inactive" />,
    card: 'detail',
  },
  moneyColumn('Active investment', (member) => member.activeInvestment, 'amount'),
  moneyColumn('Total investment', (member) => member.totalInvestment, 'detail'),
  moneyColumn('Team business', (member) => member.teamBusiness, 'detail'),
  {
    header: 'Team members',
    cell: (member) => member.teamMembers,
    align: 'right',
    card: 'detail',
  },
];

/** Deeper levels also say who brought each member in. */
export const levelMemberColumns: Column[] = [
  nameColumn,
  sponsorColumn,
  ...teamMemberColumns.slice(1),
];
