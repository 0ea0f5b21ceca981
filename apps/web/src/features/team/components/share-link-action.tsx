import { LinkButton } from '../../../components/link-button.tsx';
import { paths } from '../../../config/paths.ts';

/** An empty team's way forward: the dashboard, where the referral link is copied or shared. */
export function ShareLinkAction() {
  return (
    <LinkButton to={paths.dashboard} variant="contained">
      Share your referral link
    </LinkButton>
  );
}
