import { LinkButton } from '../../components/link-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { buildPath } from '../../config/paths.ts';
import { WithdrawalHistoryList } from '../../features/withdrawals/components/withdrawal-history-list.tsx';
import { screens } from '../screens.ts';

export default function CompoundingWithdrawalHistoryRoute() {
  return (
    <>
      <PageHeader
        title={screens.compoundingWithdrawalHistory.title}
        subtitle={screens.compoundingWithdrawalHistory.summary}
        actions={
          <LinkButton to={buildPath.withdrawalFrom('compounding')} variant="outlined">
            Withdraw
          </LinkButton>
        }
      />
      <WithdrawalHistoryList wallet="compounding" />
    </>
  );
}
