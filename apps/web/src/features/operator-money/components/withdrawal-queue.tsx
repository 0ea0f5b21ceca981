import {
  formatMoney,
  WITHDRAWAL_STATUSES,
  type OperatorWithdrawalView,
  type WithdrawalStatus,
} from '@app/contracts';
import OutboxRounded from '@mui/icons-material/OutboxRounded';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Money } from '../../../components/money.tsx';
import { PagedStates } from '../../../components/paged-states.tsx';
import { RecordRows, type RecordColumn } from '../../../components/record-list.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useOperatorWithdrawals } from '../api/withdrawals.ts';
import { useQueueParams } from '../hooks/use-queue-params.ts';
import { withdrawalStatusLooks } from '../utils/money-labels.ts';
import { MemberCell } from './member-cell.tsx';
import { MoneyStatusChip } from './money-status-chip.tsx';
import { OpenButton } from './open-button.tsx';
import { QueueFilters } from './queue-filters.tsx';
import { QueueLayout } from './queue-layout.tsx';
import { WithdrawalDetail } from './withdrawal-detail.tsx';

/** The withdrawals queue: pending first, oldest first (the order to pay in), detail beside. */
export function WithdrawalQueue() {
  const queue = useQueueParams(WITHDRAWAL_STATUSES, 'pending');
  const query = useOperatorWithdrawals({
    page: queue.page,
    status: queue.status,
    memberCode: queue.memberCode,
  });

  const columns: RecordColumn<OperatorWithdrawalView>[] = [
    {
      header: 'Member',
      cell: (withdrawal) => (
        <MemberCell name={withdrawal.member.name} registeredId={withdrawal.member.referral_code} />
      ),
      card: 'title',
    },
    {
      header: 'Amount',
      cell: (withdrawal) => <Money value={withdrawal.amount} decimals="amount" />,
      align: 'right',
      card: 'amount',
      isNowrap: true,
    },
    {
      header: 'Status',
      cell: (withdrawal) => (
        <MoneyStatusChip
          look={withdrawalStatusLooks[withdrawal.status]}
          isPending={withdrawal.status === 'pending'}
        />
      ),
      card: 'detail',
    },
    {
      header: 'Requested',
      cell: (withdrawal) => formatDateTime(withdrawal.createdAt),
      card: 'detail',
      isMuted: true,
    },
    {
      header: 'Detail',
      cell: (withdrawal) => (
        <OpenButton
          label={`Open withdrawal of ${formatMoney(withdrawal.amount, 'amount')} by ${withdrawal.member.name}`}
          onOpen={() => queue.setSelected(withdrawal.id)}
        />
      ),
      card: 'detail',
      align: 'right',
    },
  ];

  return (
    <QueueLayout
      filters={
        <QueueFilters<WithdrawalStatus>
          statuses={WITHDRAWAL_STATUSES}
          looks={withdrawalStatusLooks}
          status={queue.status}
          onStatusChange={queue.setStatus}
          memberCode={queue.memberCode}
          onMemberCodeChange={queue.setMemberCode}
        />
      }
      list={
        <PagedStates
          query={query}
          label="Withdrawals"
          errorMessage="The withdrawals could not be loaded."
          empty={{
            icon: <OutboxRounded />,
            title: 'No withdrawals waiting',
            description:
              'Withdrawals members request show here until someone pays or rejects them.',
          }}
          emptyFiltered={{
            title: 'No withdrawals match',
            description: 'Choose another status or clear the Registered ID.',
          }}
          isFiltered={queue.isFiltered}
          paging={{ page: queue.page, onChange: queue.setPage }}
        >
          {(records) => (
            <RecordRows
              records={records}
              columns={columns}
              label="Withdrawals"
              isCurrent={(withdrawal) => withdrawal.id === queue.selectedId}
            />
          )}
        </PagedStates>
      }
      detail={
        queue.selectedId ? <WithdrawalDetail key={queue.selectedId} id={queue.selectedId} /> : null
      }
      detailTitle="Withdrawal"
      placeholder={
        <EmptyState
          icon={<OutboxRounded />}
          title="Choose a withdrawal"
          description="Its member, their latest ledger lines and the actions show here."
        />
      }
      onCloseDetail={() => queue.setSelected(null)}
    />
  );
}
