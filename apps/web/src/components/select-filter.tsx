import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';

const ALL = 'all';

type Props<V extends string> = {
  /** The field's label: "Status", "Wallet". */
  label: string;
  /** The first choice, which filters nothing: "All statuses". */
  allLabel: string;
  options: readonly V[];
  optionLabel: (value: V) => string;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
};

/** One filter of a list as a select: all, or one of the values the API accepts. */
export function SelectFilter<V extends string>({
  label,
  allLabel,
  options,
  optionLabel,
  value,
  onChange,
}: Props<V>) {
  return (
    <TextField
      select
      label={label}
      size="small"
      value={value ?? ALL}
      onChange={(event) =>
        onChange(event.target.value === ALL ? undefined : (event.target.value as V))
      }
      sx={{ flex: '1 1 150px', maxWidth: { sm: 220 } }}
    >
      <MenuItem value={ALL}>{allLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A list's filters in a row that wraps: two selects share a phone's width, then the dates. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Stack
      direction="row"
      sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start', flexGrow: 1 }}
    >
      {children}
    </Stack>
  );
}

type StatusFilterProps<S extends string> = {
  statuses: readonly S[];
  statusLabel: (status: S) => string;
  value: S | undefined;
  onChange: (status: S | undefined) => void;
};

/** The status filter above a list of records that move through statuses. */
export function StatusFilter<S extends string>({
  statuses,
  statusLabel,
  value,
  onChange,
}: StatusFilterProps<S>) {
  return (
    <FilterBar>
      <SelectFilter
        label="Status"
        allLabel="All statuses"
        options={statuses}
        optionLabel={statusLabel}
        value={value}
        onChange={onChange}
      />
    </FilterBar>
  );
}
