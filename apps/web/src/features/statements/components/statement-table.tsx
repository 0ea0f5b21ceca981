import { walletLabels, type StatementLine } from '@app/contracts';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Money } from '../../../components/money.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { SignedAmount } from './signed-amount.tsx';

/** The statement on wider screens: one row per movement of a wallet. */
export function StatementTable({ lines, label }: { lines: StatementLine[]; label: string }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Wallet</TableCell>
            <TableCell>Description</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell align="right">Balance after</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
                {formatDateTime(line.createdAt)}
              </TableCell>
              <TableCell>{walletLabels[line.wallet]}</TableCell>
              <TableCell>{line.description}</TableCell>
              <TableCell align="right">
                <SignedAmount value={line.amount} variant="body2" />
              </TableCell>
              <TableCell align="right">
                <Money value={line.balanceAfter} decimals="amount" variant="body2" />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
