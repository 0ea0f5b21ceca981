import {
  STATEMENT_KINDS,
  STATEMENT_WALLETS,
  statementKindLabels,
  walletLabels,
} from '@app/contracts';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DateRangeFilter } from '../../../components/date-range-filter.tsx';

type Filters = { wallet?: string; kind?: string; from?: string; to?: string };
type Props = Filters & { onChange: (changes: Partial<Filters>) => void };

const ALL = 'all';
const selectSx = { flex: '1 1 150px', maxWidth: { sm: 220 } };

/** Wallet and kind selects, then the date range; every change goes to the address. */
export function StatementFilters({ wallet, kind, from, to, onChange }: Props) {
  return (
    <Stack
      direction="row"
      sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start', flexGrow: 1 }}
    >
      <TextField
        select
        label="Wallet"
        size="small"
        value={wallet ?? ALL}
        onChange={(event) =>
          onChange({ wallet: event.target.value === ALL ? undefined : event.target.value })
        }
        sx={selectSx}
      >
        <MenuItem value={ALL}>All wallets</MenuItem>
        {STATEMENT_WALLETS.map((value) => (
          <MenuItem key={value} value={value}>
            {walletLabels[value]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Kind"
        size="small"
        value={kind ?? ALL}
        onChange={(event) =>
          onChange({ kind: event.target.value === ALL ? undefined : event.target.value })
        }
        sx={selectSx}
      >
        <MenuItem value={ALL}>All kinds</MenuItem>
        {STATEMENT_KINDS.map((value) => (
          <MenuItem key={value} value={value}>
            {statementKindLabels[value]}
          </MenuItem>
        ))}
      </TextField>
      <DateRangeFilter from={from} to={to} onChange={onChange} />
    </Stack>
  );
}
