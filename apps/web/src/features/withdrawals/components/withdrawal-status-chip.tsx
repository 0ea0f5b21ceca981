import type { WithdrawalStatus } from '@app/contracts';
import Chip, { type ChipProps } from '@mui/material/Chip';

const look: Record<WithdrawalStatus, { label: string; color: ChipProps['color'] }> = {
  pending: { label: 'Pending', color: 'warning' },
  paid: { label: 'Paid', color: 'success' },
  rejected: { label: 'Rejected', color: 'error' },
  cancelled: { label: 'Cancelled', color: 'default' },
};

export function WithdrawalStatusChip({ status }: { status: WithdrawalStatus }) {
  const { label, color } = look[status];
  return <Chip size="small" label={label} color={color} variant="outlined" />;
}

export const withdrawalStatusLabel = (status: WithdrawalStatus) => look[status].label;
