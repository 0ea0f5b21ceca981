import type { CountAndAmount, DashboardData, DashboardMoneyFigures } from '@app/contracts';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FigureGrid, type Figure } from '../../../components/figure-grid.tsx';
import { operatorPaths } from '../../../config/operator-paths.ts';
import { formatDay } from '../../../lib/format.ts';
import { formatExactMoney } from '../utils/exact-money.ts';

const times = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const moneyFigure = (label: string, value: CountAndAmount, to?: string): Figure => ({
  label,
  value: formatExactMoney(value.amount),
  hint: times(value.count, 'transaction', 'transactions'),
  to,
});

function periodFigures(money: DashboardMoneyFigures | null, newMembers: number): Figure[] {
  const members: Figure = { label: 'New members', value: newMembers, to: operatorPaths.members };
  if (!money) return [members];
  return [
    moneyFigure('Deposits confirmed', money.depositsConfirmed),
    moneyFigure('Withdrawals asked', money.withdrawalsRequested),
    moneyFigure('Withdrawals paid', money.withdrawalsPaid),
    members,
  ];
}

function Section({ title, figures, label }: { title: string; label: string; figures: Figure[] }) {
  return (
    <Stack spacing={1}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <FigureGrid label={label} figures={figures} />
    </Stack>
  );
}

/** Today's and this week's figures, then the queues of work waiting; each queue links to it. */
export function DashboardFigures({ data }: { data: DashboardData }) {
  const { money } = data;
  const queues: Figure[] = [
    ...(money
      ? [
          {
            label: 'Deposits',
            value: money.queues.deposits,
            hint: 'waiting for review',
            to: operatorPaths.deposits,
          },
          {
            label: 'Withdrawals',
            value: money.queues.withdrawals,
            hint: 'waiting to be paid',
            to: operatorPaths.withdrawals,
          },
          {
            label: 'Adjustments',
            value: money.queues.adjustments,
            hint: 'waiting for approval',
            to: operatorPaths.adjustments,
          },
        ]
      : []),
    {
      label: 'Open tickets',
      value: data.tickets.open,
      hint: `${data.tickets.answered} answered, waiting`,
      to: operatorPaths.tickets,
    },
  ];
  return (
    <>
      <Section
        title={`Today, ${formatDay(data.today)} (UTC)`}
        label="Today"
        figures={periodFigures(money && money.today, data.newMembers.today)}
      />
      <Section
        title={`This week, from ${formatDay(data.weekStart)}`}
        label="This week"
        figures={periodFigures(money && money.week, data.newMembers.week)}
      />
      <Section title="Waiting for an operator" label="Work queues" figures={queues} />
    </>
  );
}
