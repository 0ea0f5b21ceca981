import {
  explorerTransactionUrl,
  formatMoney,
  payWithdrawalBody,
  walletLabels,
} from '@app/contracts';
import OutboxRounded from '@mui/icons-material/OutboxRounded';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { CopyableText } from '../../../components/copyable-text.tsx';
import type { Detail } from '../../../components/detail-list.tsx';
import { Money } from '../../../components/money.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import {
  useOperatorWithdrawal,
  usePayWithdrawal,
  useRejectWithdrawal,
  useWithdrawalPayoutChecks,
} from '../api/withdrawals.ts';
import { ExplorerLink, PayoutWarnings, WholeAddress } from './payout-checks.tsx';
import { withdrawalStatusLooks } from '../utils/money-labels.ts';
import { ActionDialog } from './action-dialog.tsx';
import { MoneyRequestBody, MoneyRequestStates } from './money-request-detail.tsx';
import { MoneyStatusChip } from './money-status-chip.tsx';

/** One withdrawal: what to send where, who asked, their recent ledger, and Pay / Reject. */
export function WithdrawalDetail({ id }: { id: string }) {
  const query = useOperatorWithdrawal(id);
  const pay = usePayWithdrawal();
  const reject = useRejectWithdrawal();
  const { data: checks } = useWithdrawalPayoutChecks(id);
  const network = checks?.network ?? null;

  return (
    <MoneyRequestStates query={query} noun="withdrawal" icon={<OutboxRounded />}>
      {({ withdrawal, member, recentLedger }) => {
        const net = formatMoney(withdrawal.netAmount, 'amount');
        const isPending = withdrawal.status === 'pending';
        const items: Detail[] = [
          { label: 'Amount', value: <Money value={withdrawal.amount} decimals="amount" /> },
          { label: 'Fee', value: <Money value={withdrawal.fee} decimals="amount" /> },
          { label: 'To send', value: <Money value={withdrawal.netAmount} decimals="amount" /> },
          { label: 'From wallet', value: walletLabels[withdrawal.wallet] },
          {
            label: 'Network',
            value: network ? (
              <Chip size="small" label={network} color="primary" variant="outlined" />
            ) : (
              'Unknown address format'
            ),
          },
          {
            label: 'Address',
            value: <CopyableText text={withdrawal.address} label="Payout address" />,
          },
          {
            label: 'Status',
            value: (
              <MoneyStatusChip
                look={withdrawalStatusLooks[withdrawal.status]}
                isPending={isPending}
              />
            ),
          },
          { label: 'Requested', value: formatDateTime(withdrawal.createdAt) },
        ];
        if (checks?.addressUrl)
          items.push({
            label: 'Explorer',
            value: <ExplorerLink href={checks.addressUrl}>Address on the explorer</ExplorerLink>,
          });
        if (withdrawal.txHash)
          items.push({
            label: 'Transaction hash',
            value: <CopyableText text={withdrawal.txHash} label="Transaction hash" />,
          });
        if (checks?.transactionUrl)
          items.push({
            label: 'Transaction',
            value: (
              <ExplorerLink href={checks.transactionUrl}>Transaction on the explorer</ExplorerLink>
            ),
          });
        if (withdrawal.decidedAt)
          items.push({ label: 'Decided', value: formatDateTime(withdrawal.decidedAt) });
        if (withdrawal.reason) items.push({ label: 'Reason', value: withdrawal.reason });
        return (
          <Stack spacing={2}>
            {isPending && <PayoutWarnings checks={checks} />}
            <MoneyRequestBody
              noun="withdrawal"
              items={items}
              isPending={isPending}
              settle={{
                label: 'Mark as paid',
                dialog: (slot) => (
                  <ActionDialog
                    {...slot}
                    title="Record this withdrawal as paid?"
                    description={
                      <Stack spacing={1.5}>
                        <PayoutWarnings checks={checks} />
                        <span>
                          Send {net} USDT{network ? ` on ${network}` : ''} to
                          <WholeAddress address={withdrawal.address} />
                          first, then give the transaction&apos;s hash.{' '}
                          {formatMoney(withdrawal.amount, 'amount')} leaves {member.name}&apos;s{' '}
                          {walletLabels[withdrawal.wallet].toLowerCase()} wallet; it cannot be
                          undone.
                        </span>
                        {checks?.addressUrl && (
                          <ExplorerLink href={checks.addressUrl}>
                            Check the address on the explorer
                          </ExplorerLink>
                        )}
                      </Stack>
                    }
                    confirmLabel="Record payment"
                    field={{
                      name: 'txHash',
                      label: 'Transaction hash',
                      helperText: '64 hexadecimal characters, with or without 0x',
                      isMonospace: true,
                    }}
                    // The typed hash's page on the explorer, once it is a whole hash: the
                    // operator checks it is the payment just sent before recording it.
                    fieldPreview={(typed) => {
                      const template = checks?.transactionUrlTemplate;
                      const parsed = payWithdrawalBody.safeParse({ txHash: typed.trim() });
                      return template && parsed.success ? (
                        <ExplorerLink href={explorerTransactionUrl(template, parsed.data.txHash)}>
                          Check this transaction on the explorer
                        </ExplorerLink>
                      ) : null;
                    }}
                    schema={payWithdrawalBody}
                    isPending={pay.isPending}
                    onConfirm={(body) => pay.mutateAsync({ id: withdrawal.id, body })}
                  />
                ),
              }}
              reject={{
                description: `The held amount is released to ${member.name}'s wallet; they read the reason.`,
                isPending: reject.isPending,
                onConfirm: (body) => reject.mutateAsync({ id: withdrawal.id, body }),
              }}
              member={member}
              recentLedger={recentLedger}
            />
          </Stack>
        );
      }}
    </MoneyRequestStates>
  );
}
