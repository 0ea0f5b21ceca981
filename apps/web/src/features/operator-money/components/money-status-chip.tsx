import Chip from '@mui/material/Chip';
import type { StatusLook } from '../utils/money-labels.ts';

/** A money item's status; pending is outlined, as it still waits for someone. */
export function MoneyStatusChip({ look, isPending }: { look: StatusLook; isPending: boolean }) {
  return (
    <Chip
      size="small"
      label={look.label}
      color={look.color}
      variant={isPending ? 'outlined' : 'filled'}
    />
  );
}
