import { PageHeader } from '../../components/page-header.tsx';
import { TradeIncomeList } from '../../features/income/components/trade-income-list.tsx';
import { screens } from '../screens.ts';

export default function TradeIncomeRoute() {
  return (
    <>
      <PageHeader title={screens.tradeIncome.title} subtitle={screens.tradeIncome.summary} />
      <TradeIncomeList />
    </>
  );
}
