import { LinkButton } from '../../components/link-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { DepositHistoryList } from '../../features/deposits/components/deposit-history-list.tsx';
import { screens } from '../screens.ts';

export default function DepositHistoryRoute() {
  return (
    <>
      <PageHeader
        title={screens.depositHistory.title}
        subtitle={screens.depositHistory.summary}
        actions={
          <LinkButton to={paths.deposits} variant="contained">
            Deposit
          </LinkButton>
        }
      />
      <DepositHistoryList />
    </>
  );
}
