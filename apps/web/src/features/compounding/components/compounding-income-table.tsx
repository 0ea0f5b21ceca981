import type { CompoundingIncomeRecord } from '@app/contracts';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Money } from '../../../components/money.tsx';
import { formatDateTime, formatDay, formatPercentage } from '../../../lib/format.ts';

/** Compounding income on wider screens: one row per business day. */
export function CompoundingIncomeTable({ records }: { records: CompoundingIncomeRecord[] }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Compounding income">
        <TableHead>
          <TableRow>
            <TableCell>Day</TableCell>
            <TableCell align="right">Balance earning</TableCell>
            <TableCell align="right">Rate</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Credited on</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((record) => (
            <TableRow key={record.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(record.period)}</TableCell>
              <TableCell align="right">
                <Money value={record.baseAmount} decimals="amount" variant="body2" />
              </TableCell>
              <TableCell align="right">{formatPercentage(record.rate)}</TableCell>
              <TableCell align="right">
                <Money
                  value={record.amount}
                  decimals="amount"
                  variant="body2"
                  sx={{ fontWeight: 600 }}
                />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
                {formatDateTime(record.createdAt)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
