import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import GroupsRounded from '@mui/icons-material/GroupsRounded';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { LinkButton } from '../../../components/link-button.tsx';
import { RecordList } from '../../../components/record-list.tsx';
import { paths } from '../../../config/paths.ts';
import { levelMembers } from '../api/get-level-members.ts';
import { useTeamListQuery } from '../hooks/use-team-list-query.ts';
import { levelMemberColumns } from './team-member-columns.tsx';
import { TeamSearch } from './team-search.tsx';

/** One level's members, searched and paged in the address, with the way back to the levels. */
export function LevelMembers({ level }: { level: number }) {
  const { query, setPage, setSearch } = useTeamListQuery();
  const members = levelMembers.useMembers(useMemo(() => ({ ...query, level }), [query, level]));
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
        <LinkButton to={paths.levelTeam} startIcon={<ArrowBackRounded />}>
          All levels
        </LinkButton>
      </Stack>
      <TeamSearch value={query.q} onSearch={setSearch} />
      <RecordList
        query={members}
        paging={{ page: query.page, onChange: setPage }}
        label={label}
        errorMessage={`The members of level ${level} could not be loaded.`}
        empty={{
          icon: <GroupsRounded />,
          title: `No members on level ${level} yet`,
          description:
            level === 1
              ? 'Members who register with your referral link are your level 1.'
              : `Level ${level} is the members brought in by your level ${level - 1}.`,
        }}
        isFiltered={Boolean(query.q)}
        emptyFiltered={{
          title: `No member of level ${level} matches this search`,
          description: 'Search by the start of a name or a whole Registered ID.',
        }}
        columns={levelMemberColumns}
      />
    </Stack>
  );
}
