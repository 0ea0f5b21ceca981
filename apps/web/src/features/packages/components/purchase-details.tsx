import type { PurchasedPackageView } from '@app/contracts';
import { DetailList } from '../../../components/detail-list.tsx';
import { Money } from '../../../components/money.tsx';
import { formatDay } from '../../../lib/format.ts';
import { formatPercentage } from '../utils/profit.ts';
import { PackageStatusChip } from './package-status-chip.tsx';

const money = (value: number) => <Money value={value} decimals="amount" />;

/** Client contract: amount, daily profit with %, days, total profit, start date, status. */
export function PurchaseDetails({ purchase }: { purchase: PurchasedPackageView }) {
  return (
    <DetailList
      items={[
        { label: 'Amount', value: money(purchase.amount) },
        {
          label: 'Daily profit',
          value: (
            <>
              {money(purchase.dailyProfitAmount)} ({formatPercentage(purchase.dailyPercentage)})
            </>
          ),
        },
        { label: 'Total days', value: purchase.totalDays },
        { label: 'Total profit', value: money(purchase.totalProfit) },
        { label: 'Start date', value: formatDay(purchase.startDate) },
        { label: 'Status', value: <PackageStatusChip isExpired={purchase.isExpired} /> },
      ]}
    />
  );
}
