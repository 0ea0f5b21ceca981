import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { RecordColumn, RecordWithId, RowsProps } from './record-list.tsx';

const cellSx = <R,>(column: RecordColumn<R>) => ({
  whiteSpace: column.isNowrap ? 'nowrap' : undefined,
  color: column.isMuted ? 'text.secondary' : undefined,
  fontWeight: column.card === 'amount' ? 600 : undefined,
});

/** The records on wider screens: one row each, a column per definition. */
export function RecordTable<R extends RecordWithId>({
  records,
  columns,
  label,
  isCurrent,
}: RowsProps<R>) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} align={column.align}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((record) => (
            <TableRow
              key={record.id}
              hover
              selected={isCurrent?.(record)}
              aria-current={isCurrent?.(record) || undefined}
            >
              {columns.map((column) => (
                <TableCell key={column.header} align={column.align} sx={cellSx(column)}>
                  {column.cell(record)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
