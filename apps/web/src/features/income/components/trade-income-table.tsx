import type { TradeIncomeRecord } from '@app/contracts';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Money } from '../../../components/money.tsx';
import { formatDateTime, formatDay } from '../../../lib/format.ts';

/** Trade income on wider screens: one row per claimed package day. */
export function TradeIncomeTable({ records }: { records: TradeIncomeRecord[] }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Trade income">
        <TableHead>
          <TableRow>
            <TableCell>Earned on</TableCell>
            <TableCell>Package</TableCell>
            <TableCell align="right">Package day</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Claimed on</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((record) => (
            <TableRow key={record.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(record.period)}</TableCell>
              <TableCell>{record.packageName}</TableCell>
              <TableCell align="right">{record.dayNumber}</TableCell>
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
