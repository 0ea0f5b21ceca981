import { LinkButton } from '../../components/link-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { WithdrawalHistoryList } from '../../features/withdrawals/components/withdrawal-history-list.tsx';
import { screens } from '../screens.ts';

export default function WithdrawalHistoryRoute() {
  return (
    <>
      <PageHeader
        title={screens.withdrawalHistory.title}
        subtitle={screens.withdrawalHistory.summary}
        actions={
          <LinkButton to={paths.withdrawal} variant="outlined">
            Withdraw
          </LinkButton>
        }
      />
      <WithdrawalHistoryList wallet="profit" />
    </>
  );
}
