import { LinkButton } from '../../components/link-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { SupportDesk } from '../../features/tickets/components/support-desk.tsx';
import { screens } from '../screens.ts';

export default function SupportRoute() {
  return (
    <>
      <PageHeader
        title={screens.support.title}
        subtitle={screens.support.summary}
        actions={
          <LinkButton to={`${paths.support}?new=1`} variant="outlined">
            New ticket
          </LinkButton>
        }
      />
      <SupportDesk />
    </>
  );
}
