import { walletLabels, type WithdrawalView } from '@app/contracts';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { CopyableText } from '../../../components/copyable-text.tsx';
import { Money } from '../../../components/money.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { paidAt } from '../utils/paid-at.ts';

/** Paid withdrawals on wider screens: when, how much arrived and the chain transaction. */
export function PayoutTable({ payouts }: { payouts: WithdrawalView[] }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Payouts">
        <TableHead>
          <TableRow>
            <TableCell>Paid on</TableCell>
            <TableCell>Wallet</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell align="right">Net paid</TableCell>
            <TableCell>Transaction hash</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {payouts.map((payout) => (
            <TableRow key={payout.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(paidAt(payout))}</TableCell>
              <TableCell>{walletLabels[payout.wallet]}</TableCell>
              <TableCell align="right">
                <Money value={payout.amount} decimals="amount" variant="body2" />
              </TableCell>
              <TableCell align="right">
                <Money
                  value={payout.netAmount}
                  decimals="amount"
                  variant="body2"
                  sx={{ fontWeight: 600 }}
                />
              </TableCell>
              <TableCell>
                {payout.txHash && <CopyableText text={payout.txHash} label="Transaction hash" />}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
