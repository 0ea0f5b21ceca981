import type { MemberStatus } from '@app/contracts';
import Chip, { type ChipProps } from '@mui/material/Chip';

const look: Record<MemberStatus, { label: string; color: ChipProps['color'] }> = {
  active: { label: 'Active', color: 'success' },
  blocked: { label: 'Blocked', color: 'error' },
  // At the member's request, for good (decision 0060).
  closed: { label: 'Closed', color: 'default' },
};

export function MemberStatusChip({ status }: { status: MemberStatus }) {
  const { label, color } = look[status];
  return <Chip size="small" label={label} color={color} variant="outlined" />;
}
