import { DEPOSIT_FATE } from '@app/contracts';
import Stack from '@mui/material/Stack';
import { LinkButton } from '../../components/link-button.tsx';
import { MoneyFateNotice } from '../../components/money-fate-notice.tsx';
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
      <Stack spacing={3} sx={{ maxWidth: 640 }}>
        <MoneyFateNotice fate={DEPOSIT_FATE} label="Before you deposit" />
        <DepositPanel />
      </Stack>
    </>
  );
}
