import AutorenewRounded from '@mui/icons-material/AutorenewRounded';
import { IncomeList } from '../../../components/income-list.tsx';
import { paths } from '../../../config/paths.ts';
import { useCompoundingIncome } from '../api/get-compounding-income.ts';
import { CompoundingIncomeCards } from './compounding-income-cards.tsx';
import { CompoundingIncomeTable } from './compounding-income-table.tsx';

/** Daily compounding income, filtered by the days it was earned, with the total of the filter. */
export function CompoundingIncomeList() {
  return (
    <IncomeList
      label="Compounding income"
      useIncome={useCompoundingIncome}
      icon={<AutorenewRounded />}
      emptyDescription="Move profit into your compounding wallet and it earns every business day; each day is listed here."
      emptyAction={{ to: paths.fund, label: 'Move profit on My Wallet' }}
      table={(records) => <CompoundingIncomeTable records={records} />}
      cards={(records) => <CompoundingIncomeCards records={records} />}
    />
  );
}
