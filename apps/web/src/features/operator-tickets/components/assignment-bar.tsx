import type { OperatorTicketView } from '@app/contracts';
import AssignmentIndRounded from '@mui/icons-material/AssignmentIndRounded';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { notifySuccess } from '../../../lib/toast.ts';
import { useAssignees, useAssignTicket } from '../api/desk.ts';
import type { DeskAccess } from '../utils/desk-access.ts';

type Props = { ticket: OperatorTicketView; access: DeskAccess };

/** "Assign to…": the operators who answer tickets, but the one who holds it already. */
function AssignToMenu({
  ticket,
  onAssign,
}: {
  ticket: OperatorTicketView;
  onAssign: (id: string) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const assignees = useAssignees(anchor !== null);
  const menuId = useId();
  const others = assignees.data?.filter((operator) => operator.id !== ticket.assignee?.id) ?? [];
  return (
    <>
      <Button
        size="small"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Assign to…
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {assignees.isPending ? (
          <MenuItem disabled>Loading operators…</MenuItem>
        ) : assignees.isError ? (
          <MenuItem disabled>The operators could not be loaded.</MenuItem>
        ) : others.length === 0 ? (
          <MenuItem disabled>No other operator answers tickets.</MenuItem>
        ) : (
          others.map((operator) => (
            <MenuItem
              key={operator.id}
              onClick={() => {
                setAnchor(null);
                onAssign(operator.id);
              }}
              sx={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}
            >
              {operator.email}
            </MenuItem>
          ))
        )}
      </Menu>
    </>
  );
}

/**
 * Who has taken the ticket on, and for support: assign it to oneself or to another operator who
 * answers tickets, or let it go. A closed ticket can only be let go of.
 */
export function AssignmentBar({ ticket, access }: Props) {
  const assigning = useAssignTicket(ticket.id);
  const assign = (operatorId: string | null) =>
    assigning.mutate(operatorId, { onSuccess: ({ message }) => notifySuccess(message) });
  const isMine = ticket.assignee?.id === access.operatorId;
  const isOpen = ticket.status !== 'closed';
  return (
    <Stack
      direction="row"
      aria-label="Assignment"
      role="group"
      sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}
    >
      <AssignmentIndRounded fontSize="small" color="action" />
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mr: 'auto' }}>
        {ticket.assignee ? `Assigned to ${isMine ? 'you' : ticket.assignee.email}` : 'Unassigned'}
      </Typography>
      {access.canAssign && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {isOpen && !isMine && (
            <Button
              size="small"
              variant="outlined"
              loading={assigning.isPending}
              onClick={() => assign(access.operatorId)}
            >
              Assign to me
            </Button>
          )}
          {isOpen && <AssignToMenu ticket={ticket} onAssign={assign} />}
          {ticket.assignee && (
            <Button size="small" color="inherit" onClick={() => assign(null)}>
              Unassign
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
