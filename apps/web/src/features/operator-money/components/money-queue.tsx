import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Money } from '../../../components/money.tsx';
import { PagedStates, type RecordPage } from '../../../components/paged-states.tsx';
import { RecordRows, type RecordColumn } from '../../../components/record-list.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useQueueParams } from '../hooks/use-queue-params.ts';
import type { StatusLook } from '../utils/money-labels.ts';
import { MemberCell } from './member-cell.tsx';
import { MoneyStatusChip } from './money-status-chip.tsx';
import { OpenButton } from './open-button.tsx';
import { QueueFilters } from './queue-filters.tsx';
import { QueueLayout } from './queue-layout.tsx';

/** What every money request in a queue has, whatever its kind. */
type QueueRecord<S extends string> = {
  id: string;
  amount: number;
  status: S;
  createdAt: string;
};

/** The page the queue asks its list hook for. */
export type QueueListQuery<S extends string> = {
  page: number;
  status?: S | undefined;
  memberCode?: string | undefined;
};

type Props<S extends string, R extends QueueRecord<S>> = {
  statuses: readonly S[];
  looks: Record<S, StatusLook>;
  /** The list's query hook (the same one on every render). */
  useRecords: (query: QueueListQuery<S>) => UseQueryResult<RecordPage<R>>;
  /** The member a request belongs to, as the Member column shows them. */
  memberOf: (record: R) => { name: string; registeredId: string };
  /** The accessible name of a row's Open button: the kind, the amount and the member. */
  openLabel: (record: R) => string;
  icon: ReactNode;
  /** The kind in words, lower case: "deposit" and "deposits". */
  noun: { one: string; many: string };
  /** What the empty queue says lands in it. */
  emptyDescription: string;
  Detail: ComponentType<{ id: string }>;
};

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A money queue (deposits, withdrawals): pending first, oldest first, filtered by status and
 * member, the selected request's detail beside it.
 */
export function MoneyQueue<S extends string, R extends QueueRecord<S>>({
  statuses,
  looks,
  useRecords,
  memberOf,
  openLabel,
  icon,
  noun,
  emptyDescription,
  Detail,
}: Props<S, R>) {
  // Every money queue's statuses start at 'pending': the queue opens on what waits for someone.
  const queue = useQueueParams(statuses, 'pending' as S);
  const query = useRecords({
    page: queue.page,
    status: queue.status,
    memberCode: queue.memberCode,
  });
  const label = capitalised(noun.many);

  const columns: RecordColumn<R>[] = [
    {
      header: 'Member',
      cell: (record) => {
        const member = memberOf(record);
        return <MemberCell name={member.name} registeredId={member.registeredId} />;
      },
      card: 'title',
    },
    {
      header: 'Amount',
      cell: (record) => <Money value={record.amount} decimals="amount" />,
      align: 'right',
      card: 'amount',
      isNowrap: true,
    },
    {
      header: 'Status',
      cell: (record) => (
        <MoneyStatusChip look={looks[record.status]} isPending={record.status === 'pending'} />
      ),
      card: 'detail',
    },
    {
      header: 'Requested',
      cell: (record) => formatDateTime(record.createdAt),
      card: 'detail',
      isMuted: true,
    },
    {
      header: 'Detail',
      cell: (record) => (
        <OpenButton label={openLabel(record)} onOpen={() => queue.setSelected(record.id)} />
      ),
      card: 'detail',
      align: 'right',
    },
  ];

  return (
    <QueueLayout
      filters={
        <QueueFilters<S>
          statuses={statuses}
          looks={looks}
          status={queue.status}
          onStatusChange={queue.setStatus}
          memberCode={queue.memberCode}
          onMemberCodeChange={queue.setMemberCode}
        />
      }
      list={
        <PagedStates
          query={query}
          label={label}
          errorMessage={`The ${noun.many} could not be loaded.`}
          empty={{ icon, title: `No ${noun.many} waiting`, description: emptyDescription }}
          emptyFiltered={{
            title: `No ${noun.many} match`,
            description: 'Choose another status or clear the Registered ID.',
          }}
          isFiltered={queue.isFiltered}
          paging={{ page: queue.page, onChange: queue.setPage }}
        >
          {(records) => (
            <RecordRows
              records={records}
              columns={columns}
              label={label}
              isCurrent={(record) => record.id === queue.selectedId}
            />
          )}
        </PagedStates>
      }
      detail={queue.selectedId ? <Detail key={queue.selectedId} id={queue.selectedId} /> : null}
      detailTitle={capitalised(noun.one)}
      placeholder={
        <EmptyState
          icon={icon}
          title={`Choose a ${noun.one}`}
          description="Its member, their latest ledger lines and the actions show here."
        />
      }
      onCloseDetail={() => queue.setSelected(null)}
    />
  );
}
