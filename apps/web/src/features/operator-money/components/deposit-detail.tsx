import { formatMoney, rejectDepositBody } from '@app/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { z } from 'zod';
import { CopyableText } from '../../../components/copyable-text.tsx';
import { DetailList, type Detail } from '../../../components/detail-list.tsx';
import { Money } from '../../../components/money.tsx';
import { QueryStates } from '../../../components/query-states.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import InboxRounded from '@mui/icons-material/InboxRounded';
import { useConfirmDeposit, useOperatorDeposit, useRejectDeposit } from '../api/deposits.ts';
import { depositStatusLooks } from '../utils/money-labels.ts';
import { ActionDialog } from './action-dialog.tsx';
import { MemberContext } from './member-context.tsx';
import { MoneyStatusChip } from './money-status-chip.tsx';

type Action = 'confirm' | 'reject' | null;
const noBody = z.object({});

/** One deposit: what was asked, by whom, their recent ledger, and Confirm / Reject. */
export function DepositDetail({ id }: { id: string }) {
  const query = useOperatorDeposit(id);
  const confirm = useConfirmDeposit();
  const reject = useRejectDeposit();
  const [action, setAction] = useState<Action>(null);

  return (
    <QueryStates
      query={query}
      label="Deposit"
      errorMessage="This deposit could not be loaded."
      empty={{ icon: <InboxRounded />, title: 'No such deposit', description: '' }}
      isEmpty={() => false}
    >
      {({ deposit, member, recentLedger }) => {
        const amount = formatMoney(deposit.amount, 'amount');
        const isPending = deposit.status === 'pending';
        const items: Detail[] = [
          { label: 'Amount', value: <Money value={deposit.amount} decimals="amount" /> },
          {
            label: 'Status',
            value: (
              <MoneyStatusChip look={depositStatusLooks[deposit.status]} isPending={isPending} />
            ),
          },
          { label: 'Provider', value: deposit.provider === 'manual' ? 'Manual (USDT)' : 'Gateway' },
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
          <Stack spacing={2.5}>
            <DetailList items={items} />
            {isPending && (
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button color="error" onClick={() => setAction('reject')}>
                  Reject
                </Button>
                {deposit.provider === 'manual' && (
                  <Button variant="contained" onClick={() => setAction('confirm')}>
                    Confirm deposit
                  </Button>
                )}
              </Stack>
            )}
            {isPending && deposit.provider === 'manual' && !deposit.txHash && (
              <Typography variant="body2" color="text.secondary">
                The member has not given the transaction hash yet: find the transfer on chain before
                confirming.
              </Typography>
            )}
            <MemberContext member={member} recentLedger={recentLedger} />
            <ActionDialog
              isOpen={action === 'confirm'}
              title="Confirm this deposit?"
              description={`${amount} will be credited to ${member.name}'s fund wallet (${member.registeredId}). Confirm only once the USDT has arrived; it cannot be undone.`}
              confirmLabel={`Credit ${amount}`}
              schema={noBody}
              isPending={confirm.isPending}
              onConfirm={() => confirm.mutateAsync(deposit.id)}
              onClose={() => setAction(null)}
            />
            <ActionDialog
              isOpen={action === 'reject'}
              title="Reject this deposit?"
              description={`Nothing is credited. ${member.name} reads the reason.`}
              confirmLabel="Reject deposit"
              field={{ name: 'reason', label: 'Reason', multiline: true }}
              schema={rejectDepositBody}
              isPending={reject.isPending}
              onConfirm={(body) => reject.mutateAsync({ id: deposit.id, body })}
              onClose={() => setAction(null)}
            />
          </Stack>
        );
      }}
    </QueryStates>
  );
}
