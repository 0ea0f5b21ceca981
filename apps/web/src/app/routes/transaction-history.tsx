import { PageHeader } from '../../components/page-header.tsx';
import { StatementList } from '../../features/statements/components/statement-list.tsx';
import { screens } from '../screens.ts';

export default function TransactionHistoryRoute() {
  return (
    <>
      <PageHeader
        title={screens.transactionHistory.title}
        subtitle={screens.transactionHistory.summary}
      />
      <StatementList />
    </>
  );
}
