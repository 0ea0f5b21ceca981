import type { CompoundingIncomeRecord } from '@app/contracts';
import AutorenewRounded from '@mui/icons-material/AutorenewRounded';
import { IncomeList } from '../../../components/income-list.tsx';
import { dateTimeColumn, dayColumn, moneyColumn } from '../../../components/record-columns.tsx';
import type { RecordColumn } from '../../../components/record-list.tsx';
import { paths } from '../../../config/paths.ts';
import { formatPercentage } from '../../../lib/format.ts';
import { useCompoundingIncome } from '../api/get-compounding-income.ts';

const columns: RecordColumn<CompoundingIncomeRecord>[] = [
  dayColumn('Day', (record) => record.period, 'title'),
  moneyColumn('Balance earning', (record) => record.baseAmount, 'detail'),
  {
    header: 'Rate',
    cell: (record) => formatPercentage(record.rate),
    align: 'right',
    card: 'detail',
  },
  moneyColumn('Amount', (record) => record.amount, 'amount'),
  dateTimeColumn('Credited on', (record) => record.createdAt, 'detail'),
];

/** Daily compounding income, filtered by the days it was earned, with the total of the filter. */
export function CompoundingIncomeList() {
  return (
    <IncomeList
      label="Compounding income"
      useIncome={useCompoundingIncome}
      icon={<AutorenewRounded />}
      emptyDescription="Move profit into your compounding wallet and it earns every business day; each day is listed here."
      emptyAction={{ to: paths.fund, label: 'Move profit on My Wallet' }}
      columns={columns}
    />
  );
}
