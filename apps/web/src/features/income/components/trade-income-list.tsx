import ShowChartRounded from '@mui/icons-material/ShowChartRounded';
import { IncomeList } from '../../../components/income-list.tsx';
import { paths } from '../../../config/paths.ts';
import { useTradeIncome } from '../api/get-trade-income.ts';
import { TradeIncomeCards } from './trade-income-cards.tsx';
import { TradeIncomeTable } from './trade-income-table.tsx';

/** Claimed daily profit, filtered by the days it was earned, with the total of the filter. */
export function TradeIncomeList() {
  return (
    <IncomeList
      label="Trade income"
      useIncome={useTradeIncome}
      icon={<ShowChartRounded />}
      emptyDescription="Each day of profit you claim from your packages is listed here."
      emptyAction={{ to: paths.dashboard, label: 'Claim on the dashboard' }}
      table={(records) => <TradeIncomeTable records={records} />}
      cards={(records) => <TradeIncomeCards records={records} />}
    />
  );
}
