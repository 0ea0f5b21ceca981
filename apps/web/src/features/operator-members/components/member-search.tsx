import { DEFAULT_PAGE_SIZE, operatorMemberLabels } from '@app/contracts';
import PersonSearchRounded from '@mui/icons-material/PersonSearchRounded';
import Stack from '@mui/material/Stack';
import { useCallback, useMemo } from 'react';
import { RecordList } from '../../../components/record-list.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useMembers } from '../api/get-members.ts';
import type { MemberListQuery } from '../api/query-keys.ts';
import { memberColumns } from './member-columns.tsx';

const filterKeys = ['q'] as const;
// The contracts' limit on `q`.
const MAX_SEARCH = 100;

/** The member search: q and the page in the address, newest members first without a search. */
export function MemberSearch() {
  const { page, filters, setPage, setFilters } = useListParams(filterKeys);
  const q = filters.q?.trim() || undefined;
  const query = useMemo<MemberListQuery>(
    () => ({ page, pageSize: DEFAULT_PAGE_SIZE, q }),
    [page, q],
  );
  const members = useMembers(query);
  const setSearch = useCallback(
    (next: string | undefined) => setFilters({ q: next }),
    [setFilters],
  );
  return (
    <Stack spacing={2}>
      <SearchField
        label={operatorMemberLabels.q}
        placeholder="ID, name, email or mobile"
        maxLength={MAX_SEARCH}
        value={q}
        onSearch={setSearch}
      />
      <RecordList
        query={members}
        paging={{ page, onChange: setPage }}
        label="Members"
        errorMessage="The members could not be loaded."
        empty={{
          icon: <PersonSearchRounded />,
          title: 'No members yet',
          description: 'Members appear here as soon as they register.',
        }}
        isFiltered={Boolean(q)}
        emptyFiltered={{
          title: `No member matches “${q ?? ''}”`,
          description:
            'Search by a whole Registered ID, email or mobile number, or by the start of a name.',
        }}
        columns={memberColumns}
      />
    </Stack>
  );
}
