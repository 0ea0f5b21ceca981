import type { DepositStatus } from '@app/contracts';
import Chip from '@mui/material/Chip';
import { depositStatusLabels } from '../utils/deposit-labels.ts';

export function DepositStatusChip({ status }: { status: DepositStatus }) {
  const { label, color } = depositStatusLabels[status];
  return (
    <Chip
      size="small"
      label={label}
      color={color}
      variant={status === 'pending' ? 'outlined' : 'filled'}
    />
  );
}
