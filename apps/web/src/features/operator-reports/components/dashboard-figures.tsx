import type { CountAndAmount, DashboardData, DashboardMoneyFigures } from '@app/contracts';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FigureGrid, type Figure } from '../../../components/figure-grid.tsx';
import type { Columns } from '../../../components/figure-grid-skeleton.tsx';
import { operatorPaths } from '../../../config/operator-paths.ts';
import { formatDay } from '../../../lib/format.ts';
import { formatExactMoney } from '../utils/exact-money.ts';

const times = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const moneyFigure = (label: string, value: CountAndAmount): Figure => ({
  label,
  value: formatExactMoney(value.amount),
  hint: times(value.count, 'transaction', 'transactions'),
});

function periodFigures(money: DashboardMoneyFigures, newMembers: number): Figure[] {
  return [
    moneyFigure('Deposits confirmed', money.depositsConfirmed),
    moneyFigure('Withdrawals asked', money.withdrawalsRequested),
    moneyFigure('Withdrawals paid (gross)', money.withdrawalsPaid),
    { label: 'New members', value: newMembers, to: operatorPaths.members },
  ];
}

/** The rows that end with the mails tile: five tiles on a wide screen. */
export const FIVE_COLUMNS: Columns = { xs: 2, sm: 3, md: 5 };

/**
 * Mails the server gave up on after retrying (the SMTP server refused them or stayed down): a
 * member may be waiting for a code that will not come, so every role sees the count.
 */
const failedMails = (data: DashboardData): Figure => ({
  label: 'Mails not sent',
  value: data.mails.failed,
  hint: 'given up, last 7 days',
});

function Section({
  title,
  figures,
  label,
  columns,
}: {
  title: string;
  label: string;
  figures: Figure[];
  columns?: Columns;
}) {
  return (
    <Stack spacing={1}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <FigureGrid label={label} figures={figures} columns={columns} />
    </Stack>
  );
}

/** Support's one row: who joined, which tickets wait (each leading to its list), mails not sent. */
function SupportFigures({ data }: { data: DashboardData }) {
  return (
    <Section
      title="Members and tickets"
      label="Members and tickets"
      columns={FIVE_COLUMNS}
      figures={[
        { label: 'Joined today', value: data.newMembers.today, to: operatorPaths.members },
        {
          label: 'Joined this week',
          value: data.newMembers.week,
          hint: `from ${formatDay(data.weekStart)}`,
          to: operatorPaths.members,
        },
        {
          label: 'Open tickets',
          value: data.tickets.open,
          hint: 'to answer',
          to: operatorPaths.tickets,
        },
        {
          label: 'Answered tickets',
          value: data.tickets.answered,
          hint: 'member to reply',
          to: operatorPaths.tickets,
        },
        failedMails(data),
      ]}
    />
  );
}

/**
 * Today's and this week's figures, then the queues of work waiting, each linking to its screen;
 * support, who sees no money, gets members and tickets in one row.
 */
export function DashboardFigures({ data }: { data: DashboardData }) {
  const { money } = data;
  if (!money) return <SupportFigures data={data} />;
  const queues: Figure[] = [
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
    {
      label: 'Open tickets',
      value: data.tickets.open,
      hint: `${data.tickets.answered} answered, waiting`,
      to: operatorPaths.tickets,
    },
    failedMails(data),
  ];
  return (
    <>
      <Section
        title={`Today, ${formatDay(data.today)} (UTC)`}
        label="Today"
        figures={periodFigures(money.today, data.newMembers.today)}
      />
      <Section
        title={`This week, from ${formatDay(data.weekStart)}`}
        label="This week"
        figures={periodFigures(money.week, data.newMembers.week)}
      />
      <Section
        title="Waiting for an operator"
        label="Work queues"
        figures={queues}
        columns={FIVE_COLUMNS}
      />
    </>
  );
}
