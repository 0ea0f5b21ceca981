import type { OperatorMemberProfile } from '@app/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useImpersonate } from '../api/member-actions.ts';

type Props = { member: OperatorMemberProfile; isOpen: boolean; onClose: () => void };

/**
 * "Sign in as member", confirmed first: what the session can do, that it is audited and that
 * the member is told. The tab is opened on the click itself (a tab opened after the answer
 * would be stopped as a pop-up), then sent to the member app with the token.
 */
export function ImpersonateDialog({ member, isOpen, onClose }: Props) {
  const impersonate = useImpersonate(member.id);
  const open = () => {
    const tab = window.open('', '_blank');
    // The member app must not reach back into the console.
    if (tab) tab.opener = null;
    impersonate.mutate(undefined, {
      onSuccess: ({ data }) => {
        if (tab) tab.location.href = data.url;
        else window.location.assign(data.url);
        onClose();
      },
      onError: () => tab?.close(),
    });
  };
  return (
    <Dialog
      open={isOpen}
      onClose={() => !impersonate.isPending && onClose()}
      fullWidth
      maxWidth="xs"
      aria-labelledby="impersonate-title"
    >
      <DialogTitle id="impersonate-title">Sign in as {member.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          A new tab opens the member app as {member.name} ({member.referralCode}) for 15 minutes. It
          is read-only: money actions and changes are refused. The sign-in is recorded in the audit
          log, and the member is told by a notification and an email.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={impersonate.isPending}>
          Cancel
        </Button>
        <Button variant="contained" loading={impersonate.isPending} onClick={open}>
          Open read-only session
        </Button>
      </DialogActions>
    </Dialog>
  );
}
