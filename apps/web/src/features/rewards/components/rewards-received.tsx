import type { IncomeRecord } from '@app/contracts';
import EmojiEventsRounded from '@mui/icons-material/EmojiEventsRounded';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IncomeAmount, IncomeStatusCell } from '../../../components/income-status.tsx';
import { Money } from '../../../components/money.tsx';
import { dateTimeColumn } from '../../../components/record-columns.tsx';
import { RecordRows, type RecordColumn } from '../../../components/record-list.tsx';

const LABEL = 'Rewards received';

const columns: RecordColumn<IncomeRecord>[] = [
  { header: 'Rank', cell: (reward) => reward.rank ?? '—', card: 'title' },
  dateTimeColumn('Date', (reward) => reward.createdAt, 'detail'),
  {
    header: 'Amount',
    cell: (reward) => <IncomeAmount record={reward} />,
    align: 'right',
    card: 'amount',
  },
  { header: 'Status', cell: (reward) => <IncomeStatusCell record={reward} />, card: 'detail' },
];

type Props = { rewards: IncomeRecord[]; total: number };

/** The one-time rewards of the ranks reached, and what they credited in all. */
export function RewardsReceived({ rewards, total }: Props) {
  return (
    <Stack component="section" aria-labelledby="rewards-received" spacing={1.5}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}
      >
        <Typography id="rewards-received" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {LABEL}
        </Typography>
        <Typography color="text.secondary">
          Total{' '}
          <Money value={total} decimals="amount" sx={{ fontWeight: 700, color: 'text.primary' }} />
        </Typography>
      </Stack>
      {rewards.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            icon={<EmojiEventsRounded />}
            title="No rewards yet"
            description="Each rank pays its reward once, when you first reach it."
          />
        </Paper>
      ) : (
        <RecordRows records={rewards} columns={columns} label={LABEL} />
      )}
    </Stack>
  );
}
