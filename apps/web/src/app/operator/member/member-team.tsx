import { DEFAULT_PAGE_SIZE, type OperatorMemberDetail, type TeamLevelView } from '@app/contracts';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import GroupsRounded from '@mui/icons-material/GroupsRounded';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { FigureGrid } from '../../../components/figure-grid.tsx';
import { Money } from '../../../components/money.tsx';
import { moneyColumn } from '../../../components/record-columns.tsx';
import { RecordList, RecordRows, type RecordColumn } from '../../../components/record-list.tsx';
import { levelMemberColumns } from '../../../features/team/components/team-member-columns.tsx';
import { toMemberRows } from '../../../features/team/utils/member-rows.ts';
import { useMemberTeamLevel } from '../../../features/operator-members/api/get-member-lists.ts';

type LevelRow = TeamLevelView & { id: string };
type Team = OperatorMemberDetail['team'];

const levelColumns = (onLevel: (level: number) => void): RecordColumn<LevelRow>[] => [
  {
    header: 'Level',
    cell: (row) => (
      <Link
        component="button"
        type="button"
        underline="hover"
        sx={{ fontWeight: 600 }}
        onClick={() => onLevel(row.level)}
        aria-label={`Level ${row.level} members`}
      >
        {`Level ${row.level}`}
      </Link>
    ),
    card: 'title',
    isNowrap: true,
  },
  { header: 'Members', cell: (row) => row.members, align: 'right', card: 'detail' },
  { header: 'Active', cell: (row) => row.active, align: 'right', card: 'detail' },
  moneyColumn('Business', (row) => row.business, 'amount'),
];

type Props = {
  memberId: string;
  team: Team;
  level: number | undefined;
  page: number;
  onLevel: (level: number | undefined) => void;
  onPage: (page: number) => void;
};

/** The member's team as their own team screens count it: figures, ten levels, a level's members. */
export function MemberTeam({ memberId, team, level, page, onLevel, onPage }: Props) {
  const rows = useMemo(
    () => team.levels.map((row) => ({ ...row, id: String(row.level) })),
    [team.levels],
  );
  return (
    <Stack spacing={2}>
      <FigureGrid
        label="Team summary"
        figures={[
          { label: 'Direct referrals', value: team.direct, hint: `${team.activeDirects} active` },
          { label: 'Team size', value: team.total, hint: `${team.active} active` },
          { label: 'Team business', value: <Money value={team.business} decimals="amount" /> },
          {
            label: 'This week',
            value: <Money value={team.weeklyBusiness} decimals="amount" />,
          },
        ]}
      />
      {level === undefined ? (
        <RecordRows records={rows} columns={levelColumns(onLevel)} label="Team levels" />
      ) : (
        <LevelList
          memberId={memberId}
          level={level}
          page={page}
          onBack={() => onLevel(undefined)}
          onPage={onPage}
        />
      )}
    </Stack>
  );
}

function LevelList({
  memberId,
  level,
  page,
  onBack,
  onPage,
}: {
  memberId: string;
  level: number;
  page: number;
  onBack: () => void;
  onPage: (page: number) => void;
}) {
  const members = useMemberTeamLevel(
    memberId,
    { level, page, pageSize: DEFAULT_PAGE_SIZE },
    toMemberRows,
  );
  const label = `Level ${level} members`;
  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
      >
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {label}
        </Typography>
        <Button startIcon={<ArrowBackRounded />} onClick={onBack}>
          All levels
        </Button>
      </Stack>
      <RecordList
        query={members}
        paging={{ page, onChange: onPage }}
        label={label}
        errorMessage={`The members of level ${level} could not be loaded.`}
        empty={{
          icon: <GroupsRounded />,
          title: `No members on level ${level}`,
          description: `Level ${level} is the members brought in by level ${level - 1 || 'the member'}.`,
        }}
        columns={levelMemberColumns}
      />
    </Stack>
  );
}
