import PersonAddRounded from '@mui/icons-material/PersonAddRounded';
import Stack from '@mui/material/Stack';
import { RecordList } from '../../../components/record-list.tsx';
import { referList } from '../api/get-refer-list.ts';
import { useTeamListQuery } from '../hooks/use-team-list-query.ts';
import { teamMemberColumns } from './team-member-columns.tsx';
import { TeamSearch } from './team-search.tsx';
import { ShareLinkAction } from './share-link-action.tsx';

/** The members who registered with the member's own link, searched and paged in the address. */
export function ReferralTeamList() {
  const { query, setPage, setSearch } = useTeamListQuery();
  const referrals = referList.useMembers(query);
  return (
    <Stack spacing={2}>
      <TeamSearch value={query.q} onSearch={setSearch} />
      <RecordList
        query={referrals}
        paging={{ page: query.page, onChange: setPage }}
        label="Direct referrals"
        errorMessage="Your direct referrals could not be loaded."
        empty={{
          icon: <PersonAddRounded />,
          title: 'No direct referrals yet',
          description:
            'Members who register with your referral link are listed here, with their investment and the business their own team brings.',
          action: <ShareLinkAction />,
        }}
        isFiltered={Boolean(query.q)}
        emptyFiltered={{
          title: 'No direct referral matches this search',
          description: 'Search by the start of a name or a whole Registered ID.',
        }}
        columns={teamMemberColumns}
      />
    </Stack>
  );
}
