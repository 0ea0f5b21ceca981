import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** The spans of weeks offered (the API takes 4 to 52). */
export const WEEK_SPANS = [4, 12, 26, 52] as const;
export const DEFAULT_WEEKS = 12;

type Props = { value: number; onChange: (weeks: number) => void };

/** How many weeks the growth chart covers. */
export function WeeksSelect({ value, onChange }: Props) {
  return (
    <TextField
      select
      label="Weeks shown"
      size="small"
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ width: 180 }}
    >
      {WEEK_SPANS.map((weeks) => (
        <MenuItem key={weeks} value={weeks}>
          {`Last ${weeks} weeks`}
        </MenuItem>
      ))}
    </TextField>
  );
}
