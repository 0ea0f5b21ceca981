import { useSearchParams } from 'react-router';
import { LinkButton } from '../../components/link-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { SupportDesk } from '../../features/tickets/components/support-desk.tsx';
import { screens } from '../screens.ts';

export default function SupportRoute() {
  // While the new-ticket form is open, it is the way to a new ticket.
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader
        title={screens.support.title}
        subtitle={screens.support.summary}
        actions={
          params.get('new') ? undefined : (
            <LinkButton to={`${paths.support}?new=1`} variant="outlined">
              New ticket
            </LinkButton>
          )
        }
      />
      <SupportDesk />
    </>
  );
}
