import type { IncomeRecord } from '@app/contracts';
import Typography from '@mui/material/Typography';
import { Money } from '../../../components/money.tsx';
import { dateColumn } from '../../../components/record-columns.tsx';
import type { CardPlace, RecordColumn } from '../../../components/record-list.tsx';
import { formatMonth, formatWeek } from '../../../lib/format-dates.ts';
import { formatPercentage } from '../../../lib/format.ts';
import { IncomeAmount, IncomeStatusCell } from '../../../components/income-status.tsx';

// The columns of the team incomes, each written once; a kind picks those that fit it.

type Column = RecordColumn<IncomeRecord>;

const dash = '—';

/** Who caused it: the buyer or the claimer, with their Registered ID under the name. */
export const memberColumn: Column = {
  header: 'From',
  cell: ({ sourceMember }) =>
    sourceMember ? (
      <>
        {sourceMember.name}
        <Typography component="div" variant="caption" color="text.secondary">
          {sourceMember.referral_code}
        </Typography>
      </>
    ) : (
      dash
    ),
  card: 'title',
};

export const levelColumn: Column = {
  header: 'Level',
  cell: (record) => record.level ?? dash,
  align: 'right',
  card: 'detail',
};

export const packageColumn: Column = {
  header: 'Package',
  cell: (record) => record.packageName ?? dash,
  card: 'detail',
  isWideOnly: true,
};

/** The percentage and what it was applied to: "5 % of $1,000.00". */
export const rateColumn: Column = {
  header: 'Rate',
  cell: ({ percentage, baseAmount }) => (
    <>
      {percentage === null ? dash : formatPercentage(percentage)}
      {baseAmount !== null && (
        <>
          {' of '}
          <Money value={baseAmount} decimals="amount" />
        </>
      )}
    </>
  ),
  align: 'right',
  card: 'detail',
  isNowrap: true,
};

export const amountColumn: Column = {
  header: 'Amount',
  cell: (record) => <IncomeAmount record={record} />,
  align: 'right',
  card: 'amount',
  isNowrap: true,
};

export const statusColumn: Column = {
  header: 'Status',
  cell: (record) => <IncomeStatusCell record={record} />,
  card: 'detail',
};

/** The plan version it was paid (or refused) under. */
export const planColumn: Column = {
  header: 'Plan',
  cell: (record) => `v${record.planVersion}`,
  card: 'detail',
  isMuted: true,
  isWideOnly: true,
};

export const rankColumn: Column = {
  header: 'Rank',
  cell: (record) => record.rank ?? dash,
  card: 'detail',
};

/** The day it was recorded: its time of day tells a member nothing here. */
export const recordedColumn = (card?: CardPlace) =>
  dateColumn<IncomeRecord>('Date', (record) => record.createdAt, card);

/** The period a record is for, as its kind names it (a claim's day, a week, a month). */
export const periodColumn = (
  header: string,
  format: (period: string) => string,
  card: CardPlace,
): Column => ({
  header,
  cell: (record) => (record.period ? format(record.period) : dash),
  card,
  isNowrap: true,
});

export const weekColumn = periodColumn('Week', formatWeek, 'title');
export const monthColumn = periodColumn('Month', formatMonth, 'title');
