import type { TeamInfoData, TeamLevelView } from '@app/contracts';
import GroupsRounded from '@mui/icons-material/GroupsRounded';
import Box from '@mui/material/Box';
import { QueryStates } from '../../../components/query-states.tsx';
import { moneyColumn } from '../../../components/record-columns.tsx';
import { RecordRows, type RecordColumn } from '../../../components/record-list.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { buildPath } from '../../../config/paths.ts';
import { useTeamInfo } from '../api/get-team-info.ts';
import { ShareLinkAction } from './share-link-action.tsx';

type LevelRow = TeamLevelView & { id: string };

const LABEL = 'Team levels';

const columns: RecordColumn<LevelRow>[] = [
  {
    header: 'Level',
    // The level leads to its members; readers hear where ("Level 3 members").
    cell: (row) => (
      <TextLink to={buildPath.levelMembers(row.level)}>
        {`Level ${row.level}`}
        <Box component="span" sx={visuallyHidden}>
          {' members'}
        </Box>
      </TextLink>
    ),
    card: 'title',
    isNowrap: true,
  },
  { header: 'Members', cell: (row) => row.members, align: 'right', card: 'detail' },
  { header: 'Active', cell: (row) => row.active, align: 'right', card: 'detail' },
  moneyColumn('Business', (row) => row.business, 'amount'),
];

const rowsOf = (info: TeamInfoData): LevelRow[] =>
  info.levels.map((level) => ({ ...level, id: String(level.level) }));

/** The ten levels with their members, active members and business; each leads to its members. */
export function LevelsOverview() {
  const info = useTeamInfo();
  return (
    <QueryStates
      query={info}
      label={LABEL}
      errorMessage="Your team levels could not be loaded."
      empty={{
        icon: <GroupsRounded />,
        title: 'No team yet',
        description:
          'Members who register with your referral link are your level 1; the members they bring in are level 2, and so on down to level 10.',
        action: <ShareLinkAction />,
      }}
      isEmpty={(data) => data.total === 0}
    >
      {(data) => <RecordRows records={rowsOf(data)} columns={columns} label={LABEL} />}
    </QueryStates>
  );
}
