import { PageHeader } from '../../components/page-header.tsx';
import { CompoundingIncomeList } from '../../features/compounding/components/compounding-income-list.tsx';
import { screens } from '../screens.ts';

export default function CompoundingIncomeRoute() {
  return (
    <>
      <PageHeader
        title={screens.compoundingIncome.title}
        subtitle={screens.compoundingIncome.summary}
      />
      <CompoundingIncomeList />
    </>
  );
}
