import { can } from '@app/contracts';
import { useCurrentOperator } from '../../../features/operator-auth/api/operator-auth.ts';
import { TicketInbox } from '../../../features/operator-tickets/components/ticket-inbox.tsx';
import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleTicketsRoute() {
  const operator = useCurrentOperator();
  return (
    <>
      <ConsolePageHeader screen="tickets" />
      {operator && <TicketInbox canAnswer={can(operator.role, 'tickets.answer')} />}
    </>
  );
}
