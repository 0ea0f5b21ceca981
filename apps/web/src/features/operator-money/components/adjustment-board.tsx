import {
  ADJUSTMENT_STATUSES,
  approveAdjustmentBody,
  formatMoney,
  rejectAdjustmentBody,
  walletLabels,
  type AdjustmentStatus,
  type AdjustmentView,
} from '@app/contracts';
import RequestQuoteRounded from '@mui/icons-material/RequestQuoteRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Money } from '../../../components/money.tsx';
import { PagedStates } from '../../../components/paged-states.tsx';
import { RecordRows, type RecordColumn } from '../../../components/record-list.tsx';
import { FilterBar, SelectFilter } from '../../../components/select-filter.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useAdjustments, useApproveAdjustment, useRejectAdjustment } from '../api/adjustments.ts';
import { useQueueParams } from '../hooks/use-queue-params.ts';
import { adjustmentStatusLooks } from '../utils/money-labels.ts';
import { ActionDialog } from './action-dialog.tsx';
import { MemberCell } from './member-cell.tsx';
import { MoneyStatusChip } from './money-status-chip.tsx';

type Decision = { kind: 'approve' | 'reject'; adjustment: AdjustmentView } | null;

const signed = (adjustment: AdjustmentView) =>
  adjustment.direction === 'debit' ? -adjustment.amount : adjustment.amount;

/**
 * The adjustments: pending first; another operator than the proposer approves or rejects. The
 * signed-in operator's own proposals say they wait for someone else (the server refuses too).
 */
export function AdjustmentBoard({ operatorId }: { operatorId: string | undefined }) {
  const queue = useQueueParams(ADJUSTMENT_STATUSES, 'pending');
  const query = useAdjustments({ page: queue.page, status: queue.status });
  const approve = useApproveAdjustment();
  const reject = useRejectAdjustment();
  const [decision, setDecision] = useState<Decision>(null);

  const actions = (adjustment: AdjustmentView) => {
    if (adjustment.status !== 'pending')
      return adjustment.decidedBy ? `By ${adjustment.decidedBy.email}` : null;
    if (adjustment.proposedBy.id === operatorId)
      return (
        <Typography variant="body2" color="text.secondary">
          Waiting for another operator
        </Typography>
      );
    const what = `${formatMoney(adjustment.amount, 'amount')} for ${adjustment.member.name}`;
    return (
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          size="small"
          color="error"
          aria-label={`Reject adjustment of ${what}`}
          onClick={() => setDecision({ kind: 'reject', adjustment })}
        >
          Reject
        </Button>
        <Button
          size="small"
          variant="contained"
          aria-label={`Approve adjustment of ${what}`}
          onClick={() => setDecision({ kind: 'approve', adjustment })}
        >
          Approve
        </Button>
      </Stack>
    );
  };

  const columns: RecordColumn<AdjustmentView>[] = [
    {
      header: 'Member',
      cell: (adjustment) => (
        <MemberCell name={adjustment.member.name} registeredId={adjustment.member.registeredId} />
      ),
      card: 'title',
    },
    {
      header: 'Amount',
      cell: (adjustment) => <Money value={signed(adjustment)} decimals="amount" isSigned />,
      align: 'right',
      card: 'amount',
      isNowrap: true,
    },
    { header: 'Wallet', cell: (adjustment) => walletLabels[adjustment.wallet], card: 'detail' },
    {
      header: 'Reason',
      cell: (adjustment) => (
        <>
          {adjustment.reason}
          <Typography variant="caption" color="text.secondary" component="div">
            Ref. {adjustment.reference}
          </Typography>
        </>
      ),
      card: 'detail',
    },
    {
      header: 'Proposed',
      cell: (adjustment) => (
        <>
          {adjustment.proposedBy.email}
          <Typography variant="caption" color="text.secondary" component="div">
            {formatDateTime(adjustment.proposedAt)}
          </Typography>
        </>
      ),
      card: 'detail',
      isWideOnly: true,
    },
    {
      header: 'Status',
      cell: (adjustment) => (
        <MoneyStatusChip
          look={adjustmentStatusLooks[adjustment.status]}
          isPending={adjustment.status === 'pending'}
        />
      ),
      card: 'detail',
    },
    { header: 'Decision', cell: actions, card: 'detail', align: 'right' },
  ];

  const open = decision?.adjustment;
  const amount = open ? formatMoney(open.amount, 'amount') : '';
  const way = open?.direction === 'debit' ? 'debited from' : 'credited to';
  return (
    <Stack spacing={2}>
      <FilterBar>
        <SelectFilter<AdjustmentStatus>
          label="Status"
          allLabel="All statuses"
          options={ADJUSTMENT_STATUSES}
          optionLabel={(status) => adjustmentStatusLooks[status].label}
          value={queue.status}
          onChange={queue.setStatus}
        />
      </FilterBar>
      <PagedStates
        query={query}
        label="Adjustments"
        errorMessage="The adjustments could not be loaded."
        empty={{
          icon: <RequestQuoteRounded />,
          title: 'No adjustments waiting',
          description: 'Corrections proposed by an operator wait here for a second one to decide.',
        }}
        emptyFiltered={{ title: 'No adjustments match', description: 'Choose another status.' }}
        isFiltered={queue.isFiltered}
        paging={{ page: queue.page, onChange: queue.setPage }}
      >
        {(records) => <RecordRows records={records} columns={columns} label="Adjustments" />}
      </PagedStates>
      <ActionDialog
        isOpen={decision?.kind === 'approve'}
        title="Approve this adjustment?"
        description={
          open &&
          `${amount} will be ${way} ${open.member.name}'s ${walletLabels[open.wallet].toLowerCase()} wallet (${open.member.registeredId}), proposed by ${open.proposedBy.email}: “${open.reason}”. It is posted to the ledger at once and tells the member.`
        }
        confirmLabel="Approve and post"
        field={{ name: 'note', label: 'Note (optional)', multiline: true }}
        schema={approveAdjustmentBody.transform((body) => ({ note: body.note || undefined }))}
        isPending={approve.isPending}
        onConfirm={(body) => approve.mutateAsync({ id: open?.id ?? '', body })}
        onClose={() => setDecision(null)}
      />
      <ActionDialog
        isOpen={decision?.kind === 'reject'}
        title="Reject this adjustment?"
        description={open && `Nothing moves. ${open.proposedBy.email} reads your note.`}
        confirmLabel="Reject adjustment"
        field={{ name: 'note', label: 'Note', multiline: true }}
        schema={rejectAdjustmentBody}
        isPending={reject.isPending}
        onConfirm={(body) => reject.mutateAsync({ id: open?.id ?? '', body })}
        onClose={() => setDecision(null)}
      />
    </Stack>
  );
}
