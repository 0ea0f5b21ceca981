import {
  DEPOSIT_STATUSES,
  formatMoney,
  type DepositStatus,
  type OperatorDepositView,
} from '@app/contracts';
import InboxRounded from '@mui/icons-material/InboxRounded';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Money } from '../../../components/money.tsx';
import { PagedStates } from '../../../components/paged-states.tsx';
import { RecordRows, type RecordColumn } from '../../../components/record-list.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useOperatorDeposits } from '../api/deposits.ts';
import { useQueueParams } from '../hooks/use-queue-params.ts';
import { depositStatusLooks } from '../utils/money-labels.ts';
import { DepositDetail } from './deposit-detail.tsx';
import { MemberCell } from './member-cell.tsx';
import { MoneyStatusChip } from './money-status-chip.tsx';
import { OpenButton } from './open-button.tsx';
import { QueueFilters } from './queue-filters.tsx';
import { QueueLayout } from './queue-layout.tsx';

/** The deposits queue: pending first, oldest first, the selected one's detail beside it. */
export function DepositQueue() {
  const queue = useQueueParams(DEPOSIT_STATUSES, 'pending');
  const query = useOperatorDeposits({
    page: queue.page,
    status: queue.status,
    memberCode: queue.memberCode,
  });

  const columns: RecordColumn<OperatorDepositView>[] = [
    {
      header: 'Member',
      cell: (deposit) => (
        <MemberCell name={deposit.memberName} registeredId={deposit.memberReferralCode} />
      ),
      card: 'title',
    },
    {
      header: 'Amount',
      cell: (deposit) => <Money value={deposit.amount} decimals="amount" />,
      align: 'right',
      card: 'amount',
      isNowrap: true,
    },
    {
      header: 'Status',
      cell: (deposit) => (
        <MoneyStatusChip
          look={depositStatusLooks[deposit.status]}
          isPending={deposit.status === 'pending'}
        />
      ),
      card: 'detail',
    },
    {
      header: 'Requested',
      cell: (deposit) => formatDateTime(deposit.createdAt),
      card: 'detail',
      isMuted: true,
    },
    {
      header: 'Detail',
      cell: (deposit) => (
        <OpenButton
          label={`Open deposit of ${formatMoney(deposit.amount, 'amount')} from ${deposit.memberName}`}
          onOpen={() => queue.setSelected(deposit.id)}
        />
      ),
      card: 'detail',
      align: 'right',
    },
  ];

  return (
    <QueueLayout
      filters={
        <QueueFilters<DepositStatus>
          statuses={DEPOSIT_STATUSES}
          looks={depositStatusLooks}
          status={queue.status}
          onStatusChange={queue.setStatus}
          memberCode={queue.memberCode}
          onMemberCodeChange={queue.setMemberCode}
        />
      }
      list={
        <PagedStates
          query={query}
          label="Deposits"
          errorMessage="The deposits could not be loaded."
          empty={{
            icon: <InboxRounded />,
            title: 'No deposits waiting',
            description:
              'Manual deposits members make show here until someone confirms or rejects them.',
          }}
          emptyFiltered={{
            title: 'No deposits match',
            description: 'Choose another status or clear the Registered ID.',
          }}
          isFiltered={queue.isFiltered}
          paging={{ page: queue.page, onChange: queue.setPage }}
        >
          {(records) => (
            <RecordRows
              records={records}
              columns={columns}
              label="Deposits"
              isCurrent={(deposit) => deposit.id === queue.selectedId}
            />
          )}
        </PagedStates>
      }
      detail={
        queue.selectedId ? <DepositDetail key={queue.selectedId} id={queue.selectedId} /> : null
      }
      detailTitle="Deposit"
      placeholder={
        <EmptyState
          icon={<InboxRounded />}
          title="Choose a deposit"
          description="Its member, their latest ledger lines and the actions show here."
        />
      }
      onCloseDetail={() => queue.setSelected(null)}
    />
  );
}
