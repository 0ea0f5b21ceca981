import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { FilterBar, SelectFilter } from '../../../components/select-filter.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { StatusLook } from '../utils/money-labels.ts';

type Props<S extends string> = {
  statuses: readonly S[];
  looks: Record<S, StatusLook>;
  status: S | undefined;
  onStatusChange: (status: S | undefined) => void;
  memberCode: string | undefined;
  onMemberCodeChange: (code: string) => void;
};

/** A queue's filters: one status (or all) and one member's Registered ID. */
export function QueueFilters<S extends string>({
  statuses,
  looks,
  status,
  onStatusChange,
  memberCode,
  onMemberCodeChange,
}: Props<S>) {
  const [typed, setTyped] = useState(memberCode ?? '');
  const settled = useDebouncedValue(typed, 400);
  useEffect(() => {
    if (settled.trim().toUpperCase() !== (memberCode ?? '')) onMemberCodeChange(settled);
  }, [settled, memberCode, onMemberCodeChange]);

  return (
    <FilterBar>
      <SelectFilter
        label="Status"
        allLabel="All statuses"
        options={statuses}
        optionLabel={(value) => looks[value].label}
        value={status}
        onChange={onStatusChange}
      />
      <TextField
        label="Registered ID"
        size="small"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
        sx={{ flex: '1 1 150px', maxWidth: { sm: 220 } }}
      />
    </FilterBar>
  );
}
