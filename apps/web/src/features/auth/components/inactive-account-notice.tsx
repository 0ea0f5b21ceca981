import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import type { InactiveAccount } from '../../../lib/inactive-account.ts';

/** What each kind of account says before the address: the member cannot reach support in-app. */
const wording: Record<InactiveAccount['status'], string> = {
  blocked: 'This account is blocked. Please write to support at',
  closed: 'This account was closed at your request. To ask about it, write to support at',
};

type Props = { notice: InactiveAccount; onClose: () => void };

/**
 * Why the account cannot sign in, with the support address as a link: blocked by an operator
 * (decision 0051), or closed at the member's request (decision 0060), which is not an error.
 */
export function InactiveAccountNotice({ notice, onClose }: Props) {
  return (
    <Alert severity={notice.status === 'blocked' ? 'error' : 'info'} onClose={onClose}>
      {wording[notice.status]}{' '}
      <Link href={`mailto:${notice.supportEmail}`}>{notice.supportEmail}</Link>.
    </Alert>
  );
}
