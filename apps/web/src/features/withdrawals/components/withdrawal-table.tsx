import type { WithdrawalView } from '@app/contracts';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { CopyableText } from '../../../components/copyable-text.tsx';
import { Money } from '../../../components/money.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { WithdrawalStatusChip } from './withdrawal-status-chip.tsx';

const money = (value: number) => <Money value={value} decimals="amount" variant="body2" />;

/** Withdrawals on wider screens: one row each; a refusal's reason under its status. */
export function WithdrawalTable({
  withdrawals,
  label,
}: {
  withdrawals: WithdrawalView[];
  label: string;
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Requested</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell align="right">Fee</TableCell>
            <TableCell align="right">Net</TableCell>
            <TableCell>Address</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Transaction</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {withdrawals.map((withdrawal) => (
            <TableRow key={withdrawal.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(withdrawal.createdAt)}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {money(withdrawal.amount)}
              </TableCell>
              <TableCell align="right">{money(withdrawal.fee)}</TableCell>
              <TableCell align="right">{money(withdrawal.netAmount)}</TableCell>
              <TableCell>
                <CopyableText text={withdrawal.address} label="Address" />
              </TableCell>
              <TableCell>
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <WithdrawalStatusChip status={withdrawal.status} />
                  {withdrawal.reason && (
                    <Typography variant="caption" color="text.secondary">
                      {withdrawal.reason}
                    </Typography>
                  )}
                </Stack>
              </TableCell>
              <TableCell>
                {withdrawal.txHash ? (
                  <CopyableText text={withdrawal.txHash} label="Transaction hash" />
                ) : (
                  '—'
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
