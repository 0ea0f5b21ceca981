import type { TicketStatus } from '@app/contracts';
import Chip, { type ChipProps } from '@mui/material/Chip';

const look: Record<TicketStatus, { label: string; color: ChipProps['color'] }> = {
  // Info, not warning: the theme's orange on white is below the 4.5:1 text contrast.
  open: { label: 'Open', color: 'info' },
  answered: { label: 'Answered', color: 'success' },
  closed: { label: 'Closed', color: 'default' },
};

export function TicketStatusChip({ status }: { status: TicketStatus }) {
  const { label, color } = look[status];
  return <Chip size="small" label={label} color={color} variant="outlined" />;
}

export const ticketStatusLabel = (status: TicketStatus) => look[status].label;
