import { LinkButton } from '../../components/link-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { DepositPanel } from '../../features/deposits/components/deposit-panel.tsx';
import { screens } from '../screens.ts';

export default function DepositsRoute() {
  return (
    <>
      <PageHeader
        title={screens.deposits.title}
        subtitle={screens.deposits.summary}
        actions={
          <LinkButton to={paths.depositHistory} variant="outlined">
            Deposit history
          </LinkButton>
        }
      />
      <DepositPanel />
    </>
  );
}
