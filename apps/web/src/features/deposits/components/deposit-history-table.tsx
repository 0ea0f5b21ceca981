import type { DepositView } from '@app/contracts';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Money } from '../../../components/money.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { providerLabels } from '../utils/deposit-labels.ts';
import { DepositReason, DepositTxHash } from './deposit-details.tsx';
import { DepositStatusChip } from './deposit-status-chip.tsx';

type Props = { deposits: DepositView[]; onAddHash: (deposit: DepositView) => void };

/** Deposits on wider screens: one row each, the reason under the status when there is one. */
export function DepositHistoryTable({ deposits, onAddHash }: Props) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Deposits">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Method</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Transaction hash</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {deposits.map((deposit) => (
            <TableRow key={deposit.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
                {formatDateTime(deposit.createdAt)}
              </TableCell>
              <TableCell align="right">
                <Money
                  value={deposit.amount}
                  decimals="amount"
                  variant="body2"
                  sx={{ fontWeight: 600 }}
                />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {providerLabels[deposit.provider]}
              </TableCell>
              <TableCell>
                <DepositStatusChip status={deposit.status} />
                <DepositReason deposit={deposit} />
              </TableCell>
              <TableCell>
                <DepositTxHash deposit={deposit} onAddHash={onAddHash} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
