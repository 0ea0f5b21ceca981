import {
  DEFAULT_PAGE_SIZE,
  MEMBER_CLOSURE_FILTERS,
  memberClosureFilterLabels,
  operatorMemberLabels,
  type MemberClosureFilter,
} from '@app/contracts';
import PersonSearchRounded from '@mui/icons-material/PersonSearchRounded';
import Stack from '@mui/material/Stack';
import { useCallback, useMemo } from 'react';
import { RecordList } from '../../../components/record-list.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { FilterBar, SelectFilter } from '../../../components/select-filter.tsx';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useMembers } from '../api/get-members.ts';
import type { MemberListQuery } from '../api/query-keys.ts';
import { memberColumns } from './member-columns.tsx';

const filterKeys = ['q', 'closure'] as const;
// The contracts' limit on `q`.
const MAX_SEARCH = 100;

const isClosureFilter = (value: string | undefined): value is MemberClosureFilter =>
  (MEMBER_CLOSURE_FILTERS as readonly (string | undefined)[]).includes(value);

/**
 * The member search: q, the closure filter (requests waiting for an operator, or closed
 * accounts; decision 0060) and the page in the address, newest members first.
 */
export function MemberSearch() {
  const { page, filters, setPage, setFilters } = useListParams(filterKeys);
  const q = filters.q?.trim() || undefined;
  const closure = isClosureFilter(filters.closure) ? filters.closure : undefined;
  const query = useMemo<MemberListQuery>(
    () => ({ page, pageSize: DEFAULT_PAGE_SIZE, q, closure }),
    [page, q, closure],
  );
  const members = useMembers(query);
  const setSearch = useCallback(
    (next: string | undefined) => setFilters({ q: next }),
    [setFilters],
  );
  return (
    <Stack spacing={2}>
      <FilterBar>
        <SearchField
          label={operatorMemberLabels.q}
          placeholder="ID, name, email or mobile"
          maxLength={MAX_SEARCH}
          value={q}
          onSearch={setSearch}
        />
        <SelectFilter
          label="Closure"
          allLabel="All members"
          options={MEMBER_CLOSURE_FILTERS}
          optionLabel={(value) => memberClosureFilterLabels[value]}
          value={closure}
          onChange={(value) => setFilters({ closure: value })}
        />
      </FilterBar>
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
        isFiltered={Boolean(q) || Boolean(closure)}
        emptyFiltered={
          q
            ? {
                title: `No member matches “${q}”`,
                description:
                  'Search by a whole Registered ID, email or mobile number, or by the start of a name.',
              }
            : closure === 'requested'
              ? {
                  title: 'No request to close an account waits',
                  description:
                    'Members who ask to close their account from their profile are listed here until an admin decides.',
                }
              : {
                  title: 'No closed accounts',
                  description: 'Accounts are listed here once an admin confirms their closure.',
                }
        }
        columns={memberColumns}
      />
    </Stack>
  );
}
