import { formatMoney, type TradeIncomeRecord } from '@app/contracts';
import ShowChartRounded from '@mui/icons-material/ShowChartRounded';
import { IncomeList } from '../../../components/income-list.tsx';
import { dateTimeColumn, dayColumn, moneyColumn } from '../../../components/record-columns.tsx';
import type { RecordColumn } from '../../../components/record-list.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDay } from '../../../lib/format.ts';
import { useTradeIncome } from '../api/get-trade-income.ts';

const columns: RecordColumn<TradeIncomeRecord>[] = [
  dayColumn('Earned on', (record) => record.period, 'detail'),
  { header: 'Package', cell: (record) => record.packageName, card: 'title' },
  // Names the purchase, so two purchases of one package are told apart.
  {
    header: 'Purchase',
    cell: (record) =>
      `${formatMoney(record.purchaseAmount, 'amount')} on ${formatDay(record.purchasedAt.slice(0, 10))}`,
    card: 'detail',
  },
  { header: 'Package day', cell: (record) => record.dayNumber, align: 'right', card: 'detail' },
  moneyColumn('Amount', (record) => record.amount, 'amount'),
  dateTimeColumn('Claimed on', (record) => record.createdAt, 'detail'),
];

/** Claimed daily profit, filtered by the days it was earned, with the total of the filter. */
export function TradeIncomeList() {
  return (
    <IncomeList
      label="Trade income"
      useIncome={useTradeIncome}
      icon={<ShowChartRounded />}
      emptyDescription="Each day of profit you claim from your packages is listed here."
      emptyAction={{ to: paths.dashboard, label: 'Claim on the dashboard' }}
      columns={columns}
    />
  );
}
