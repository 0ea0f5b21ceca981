import type { TicketStatus } from '@app/contracts';
import Chip, { type ChipProps } from '@mui/material/Chip';

const look: Record<TicketStatus, { label: string; color: ChipProps['color'] }> = {
  open: { label: 'Open', color: 'warning' },
  answered: { label: 'Answered', color: 'success' },
  closed: { label: 'Closed', color: 'default' },
};

export function TicketStatusChip({ status }: { status: TicketStatus }) {
  const { label, color } = look[status];
  return <Chip size="small" label={label} color={color} variant="outlined" />;
}

export const ticketStatusLabel = (status: TicketStatus) => look[status].label;
