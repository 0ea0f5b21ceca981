import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@app/contracts';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { withdrawalStatusLabel } from './withdrawal-status-chip.tsx';

const ALL = 'all';

type Props = { value: WithdrawalStatus | undefined; onChange: (status?: string) => void };

export function WithdrawalStatusFilter({ value, onChange }: Props) {
  return (
    <TextField
      select
      label="Status"
      size="small"
      value={value ?? ALL}
      onChange={(event) => onChange(event.target.value === ALL ? undefined : event.target.value)}
      sx={{ width: { xs: '100%', sm: 200 } }}
    >
      <MenuItem value={ALL}>All statuses</MenuItem>
      {WITHDRAWAL_STATUSES.map((status) => (
        <MenuItem key={status} value={status}>
          {withdrawalStatusLabel(status)}
        </MenuItem>
      ))}
    </TextField>
  );
}
