import type { RankView } from '@app/contracts';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { moneyColumn } from '../../../components/record-columns.tsx';
import type { RecordColumn } from '../../../components/record-list.tsx';
import { formatDate } from '../../../lib/format-dates.ts';

/** A rank as a row: its name is unique in the plan, so it is the row's id. */
export type RankRow = RankView & { id: string };

export const toRankRows = (ranks: RankView[]): RankRow[] =>
  ranks.map((rank) => ({ ...rank, id: rank.name }));

/** Each rank's thresholds and what it pays; the one held and those reached say so. */
export const rankColumns: RecordColumn<RankRow>[] = [
  {
    header: 'Rank',
    cell: (rank) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <span>{rank.name}</span>
        {rank.current && <Chip size="small" color="primary" label="Current" />}
      </Stack>
    ),
    card: 'title',
  },
  moneyColumn('Team business', (rank) => rank.teamBusiness, 'detail'),
  {
    header: 'Active directs',
    cell: (rank) => rank.activeDirects,
    align: 'right',
    card: 'detail',
  },
  moneyColumn('Monthly salary', (rank) => rank.monthlySalary, 'detail'),
  moneyColumn('Reward', (rank) => rank.reward, 'amount'),
  {
    header: 'Reached',
    cell: (rank) =>
      rank.achieved ? (
        <Stack
          direction="row"
          spacing={0.5}
          sx={{ alignItems: 'center', justifyContent: 'inherit' }}
        >
          <CheckCircleRounded color="success" fontSize="small" aria-hidden />
          <span>{rank.firstReachedAt ? formatDate(rank.firstReachedAt) : 'Reached'}</span>
        </Stack>
      ) : (
        'Not yet'
      ),
    card: 'detail',
    isNowrap: true,
  },
];
