import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

export type DateRange = { from: string | undefined; to: string | undefined };

type Props = DateRange & { onChange: (range: Partial<DateRange>) => void };

// Side by side even on a phone: two date fields fit in 390 px and the list starts higher.
const fieldSx = { flex: '1 1 150px', maxWidth: { sm: 190 } };

/** From and To as calendar days (YYYY-MM-DD), both included; Clear removes both. */
export function DateRangeFilter({ from, to, onChange }: Props) {
  const isReversed = Boolean(from && to && from > to);
  return (
    <Stack
      direction="row"
      role="group"
      aria-label="Date filter"
      sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start', flexGrow: 1 }}
    >
      <TextField
        label="From"
        type="date"
        size="small"
        value={from ?? ''}
        onChange={(event) => onChange({ from: event.target.value || undefined })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to } }}
        sx={fieldSx}
      />
      <TextField
        label="To"
        type="date"
        size="small"
        value={to ?? ''}
        onChange={(event) => onChange({ to: event.target.value || undefined })}
        error={isReversed}
        helperText={isReversed ? 'To must not be before From' : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from } }}
        sx={fieldSx}
      />
      {(from || to) && (
        <Button onClick={() => onChange({ from: undefined, to: undefined })} sx={{ mt: 0.25 }}>
          Clear dates
        </Button>
      )}
    </Stack>
  );
}
