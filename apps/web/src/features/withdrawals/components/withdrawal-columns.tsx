import { walletLabels, type WithdrawalView } from '@app/contracts';
import Typography from '@mui/material/Typography';
import { CopyableText } from '../../../components/copyable-text.tsx';
import { dateTimeColumn, moneyColumn } from '../../../components/record-columns.tsx';
import type { RecordColumn } from '../../../components/record-list.tsx';
import { paidAt } from '../utils/paid-at.ts';
import { WithdrawalStatusChip } from './withdrawal-status-chip.tsx';

type Column = RecordColumn<WithdrawalView>;

const transactionColumn = (header: string): Column => ({
  header,
  cell: (withdrawal) =>
    withdrawal.txHash ? <CopyableText text={withdrawal.txHash} label="Transaction hash" /> : '—',
  card: 'detail',
});

/** One wallet's withdrawals: fee and net, where it goes, its status (and why, if refused). */
export const withdrawalColumns: Column[] = [
  dateTimeColumn('Requested', (withdrawal) => withdrawal.createdAt, 'title'),
  moneyColumn('Amount', (withdrawal) => withdrawal.amount, 'amount'),
  moneyColumn('Fee', (withdrawal) => withdrawal.fee, 'detail'),
  moneyColumn('Net', (withdrawal) => withdrawal.netAmount, 'detail'),
  {
    header: 'Address',
    cell: (withdrawal) => <CopyableText text={withdrawal.address} label="Address" />,
    card: 'detail',
  },
  {
    header: 'Status',
    // Block lines, so the cell's alignment holds: left in the table, right on a card.
    cell: (withdrawal) => (
      <>
        <WithdrawalStatusChip status={withdrawal.status} />
        {withdrawal.reason && (
          <Typography component="div" variant="caption" color="text.secondary" sx={{ mt: 0.5 }}>
            {withdrawal.reason}
          </Typography>
        )}
      </>
    ),
    card: 'detail',
  },
  transactionColumn('Transaction'),
];

/** Paid withdrawals of both wallets: when, how much arrived and the chain transaction. */
export const payoutColumns: Column[] = [
  dateTimeColumn('Paid on', paidAt, 'title'),
  { header: 'Wallet', cell: (payout) => walletLabels[payout.wallet], card: 'detail' },
  moneyColumn('Amount', (payout) => payout.amount, 'detail'),
  moneyColumn('Net paid', (payout) => payout.netAmount, 'amount'),
  transactionColumn('Transaction hash'),
];
