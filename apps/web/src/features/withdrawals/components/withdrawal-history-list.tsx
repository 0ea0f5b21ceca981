import { walletLabels, type WithdrawalWallet } from '@app/contracts';
import OutboxRounded from '@mui/icons-material/OutboxRounded';
import Stack from '@mui/material/Stack';
import { LinkButton } from '../../../components/link-button.tsx';
import { ListStates } from '../../../components/list-states.tsx';
import { buildPath } from '../../../config/paths.ts';
import { useWithdrawals } from '../api/get-withdrawals.ts';
import { useWithdrawalListQuery } from '../hooks/use-withdrawal-list-query.ts';
import { WithdrawalCards } from './withdrawal-cards.tsx';
import { WithdrawalStatusFilter } from './withdrawal-status-filter.tsx';
import { WithdrawalTable } from './withdrawal-table.tsx';

/** One wallet's withdrawals, newest first, with fee, net, status, chain hash and reason. */
export function WithdrawalHistoryList({ wallet }: { wallet: WithdrawalWallet }) {
  const { query, status, setPage, setFilters } = useWithdrawalListQuery({ wallet });
  const withdrawals = useWithdrawals(query);
  const label = `${walletLabels[wallet]} withdrawals`;

  return (
    <Stack spacing={2}>
      <WithdrawalStatusFilter value={status} onChange={(next) => setFilters({ status: next })} />
      <ListStates
        query={withdrawals}
        page={query.page}
        onPageChange={setPage}
        label={label}
        errorMessage="Your withdrawals could not be loaded."
        empty={{
          icon: <OutboxRounded />,
          title: status ? 'No withdrawals with this status' : 'No withdrawals yet',
          description: status
            ? 'Choose another status, or all of them.'
            : `Withdrawals from your ${walletLabels[wallet].toLowerCase()} wallet are listed here with their fee, net amount and status.`,
          action: !status && (
            <LinkButton to={buildPath.withdrawalFrom(wallet)} variant="contained">
              Withdraw
            </LinkButton>
          ),
        }}
        table={(page) => <WithdrawalTable withdrawals={page.data} label={label} />}
        cards={(page) => <WithdrawalCards withdrawals={page.data} label={label} />}
      />
    </Stack>
  );
}
