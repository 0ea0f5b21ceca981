import {
  INCOME_STATUSES,
  incomeKindLabels,
  incomeStatusLabels,
  type IncomePage,
  type IncomeStatus,
} from '@app/contracts';
import { IncomeList, type IncomeTotalOf } from '../../../components/income-list.tsx';
import { incomeKinds, type TeamIncomeKind } from './income-kinds.tsx';

const statusFilter = {
  statuses: INCOME_STATUSES,
  statusLabel: (status: IncomeStatus) => incomeStatusLabels[status],
};

// The sums of everything the filters match, by status.
const totals: IncomeTotalOf<IncomePage>[] = [
  { label: incomeStatusLabels.paid, amount: (page) => page.totalAmount },
  { label: incomeStatusLabels.pending, amount: (page) => page.pendingAmount },
  { label: incomeStatusLabels['not-paid'], amount: (page) => page.notPaidAmount, isMuted: true },
];

/**
 * One team income's list: dates and status in the address, the paid, processing and not-paid
 * totals of the filter, and rows that say why the plan did not pay when it did not.
 */
export function TeamIncomeList({ kind }: { kind: TeamIncomeKind }) {
  const { endpoint, ...screen } = incomeKinds[kind];
  return (
    <IncomeList
      label={incomeKindLabels[kind]}
      useIncome={endpoint.useIncome}
      statusFilter={statusFilter}
      totals={totals}
      {...screen}
    />
  );
}
