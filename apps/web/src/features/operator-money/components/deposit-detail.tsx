import { formatMoney } from '@app/contracts';
import InboxRounded from '@mui/icons-material/InboxRounded';
import Typography from '@mui/material/Typography';
import { z } from 'zod';
import { CopyableText } from '../../../components/copyable-text.tsx';
import type { Detail } from '../../../components/detail-list.tsx';
import { Money } from '../../../components/money.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useConfirmDeposit, useOperatorDeposit, useRejectDeposit } from '../api/deposits.ts';
import { depositStatusLooks } from '../utils/money-labels.ts';
import { ActionDialog } from './action-dialog.tsx';
import { MoneyRequestBody, MoneyRequestStates } from './money-request-detail.tsx';
import { MoneyStatusChip } from './money-status-chip.tsx';

const noBody = z.object({});

/** One deposit: what was asked, by whom, their recent ledger, and Confirm / Reject. */
export function DepositDetail({ id }: { id: string }) {
  const query = useOperatorDeposit(id);
  const confirm = useConfirmDeposit();
  const reject = useRejectDeposit();

  return (
    <MoneyRequestStates query={query} noun="deposit" icon={<InboxRounded />}>
      {({ deposit, member, recentLedger }) => {
        const amount = formatMoney(deposit.amount, 'amount');
        const isPending = deposit.status === 'pending';
        const isManual = deposit.provider === 'manual';
        const items: Detail[] = [
          { label: 'Amount', value: <Money value={deposit.amount} decimals="amount" /> },
          {
            label: 'Status',
            value: (
              <MoneyStatusChip look={depositStatusLooks[deposit.status]} isPending={isPending} />
            ),
          },
          { label: 'Provider', value: isManual ? 'Manual (USDT)' : 'Gateway' },
          {
            label: 'Transaction hash',
            value: deposit.txHash ? (
              <CopyableText text={deposit.txHash} label="Transaction hash" />
            ) : (
              'Not given yet'
            ),
          },
          { label: 'Requested', value: formatDateTime(deposit.createdAt) },
        ];
        if (deposit.gatewayStatus)
          items.push({ label: 'Gateway says', value: deposit.gatewayStatus });
        if (deposit.decidedAt)
          items.push({ label: 'Decided', value: formatDateTime(deposit.decidedAt) });
        if (deposit.reason) items.push({ label: 'Reason', value: deposit.reason });
        return (
          <MoneyRequestBody
            noun="deposit"
            items={items}
            isPending={isPending}
            // A gateway deposit is settled by the gateway; only a manual one is confirmed here.
            settle={
              isManual
                ? {
                    label: 'Confirm deposit',
                    dialog: (slot) => (
                      <ActionDialog
                        {...slot}
                        title="Confirm this deposit?"
                        description={`${amount} will be credited to ${member.name}'s fund wallet (${member.registeredId}). Confirm only once the USDT has arrived; it cannot be undone.`}
                        confirmLabel={`Credit ${amount}`}
                        schema={noBody}
                        isPending={confirm.isPending}
                        onConfirm={() => confirm.mutateAsync(deposit.id)}
                      />
                    ),
                  }
                : undefined
            }
            reject={{
              description: `Nothing is credited. ${member.name} reads the reason.`,
              isPending: reject.isPending,
              onConfirm: (body) => reject.mutateAsync({ id: deposit.id, body }),
            }}
            note={
              isPending &&
              isManual &&
              !deposit.txHash && (
                <Typography variant="body2" color="text.secondary">
                  The member has not given the transaction hash yet: find the transfer on chain
                  before confirming.
                </Typography>
              )
            }
            member={member}
            recentLedger={recentLedger}
          />
        );
      }}
    </MoneyRequestStates>
  );
}
