import { useCurrentOperator } from '../../../features/operator-auth/api/operator-auth.ts';
import { CannedRepliesButton } from '../../../features/operator-tickets/components/canned-replies-button.tsx';
import { TicketInbox } from '../../../features/operator-tickets/components/ticket-inbox.tsx';
import { deskAccessOf } from '../../../features/operator-tickets/utils/desk-access.ts';
import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleTicketsRoute() {
  const operator = useCurrentOperator();
  const access = operator && deskAccessOf(operator);
  return (
    <>
      <ConsolePageHeader
        screen="tickets"
        actions={access?.canManageReplies && <CannedRepliesButton />}
      />
      {access && <TicketInbox access={access} />}
    </>
  );
}
