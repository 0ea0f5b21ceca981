import { walletLabels, WITHDRAWAL_STATUSES, type WithdrawalWallet } from '@app/contracts';
import OutboxRounded from '@mui/icons-material/OutboxRounded';
import Stack from '@mui/material/Stack';
import { LinkButton } from '../../../components/link-button.tsx';
import { RecordList } from '../../../components/record-list.tsx';
import { StatusFilter } from '../../../components/select-filter.tsx';
import { buildPath } from '../../../config/paths.ts';
import { useWithdrawals } from '../api/get-withdrawals.ts';
import { useWithdrawalListQuery } from '../hooks/use-withdrawal-list-query.ts';
import { withdrawalColumns } from './withdrawal-columns.tsx';
import { withdrawalStatusLabel } from './withdrawal-status-chip.tsx';

/** One wallet's withdrawals, newest first, with fee, net, status, chain hash and reason. */
export function WithdrawalHistoryList({ wallet }: { wallet: WithdrawalWallet }) {
  const { query, status, setPage, setFilters } = useWithdrawalListQuery({ wallet });
  const withdrawals = useWithdrawals(query);
  const label = `${walletLabels[wallet]} withdrawals`;

  return (
    <Stack spacing={2}>
      <StatusFilter
        statuses={WITHDRAWAL_STATUSES}
        statusLabel={withdrawalStatusLabel}
        value={status}
        onChange={(next) => setFilters({ status: next })}
      />
      <RecordList
        query={withdrawals}
        paging={{ page: query.page, onChange: setPage }}
        label={label}
        errorMessage="Your withdrawals could not be loaded."
        empty={{
          icon: <OutboxRounded />,
          title: 'No withdrawals yet',
          description: `Withdrawals from your ${walletLabels[wallet].toLowerCase()} wallet are listed here with their fee, net amount and status.`,
          action: (
            <LinkButton to={buildPath.withdrawalFrom(wallet)} variant="contained">
              Withdraw
            </LinkButton>
          ),
        }}
        isFiltered={Boolean(status)}
        emptyFiltered={{
          title: 'No withdrawals with this status',
          description: 'Choose another status, or all of them.',
        }}
        columns={withdrawalColumns}
      />
    </Stack>
  );
}
