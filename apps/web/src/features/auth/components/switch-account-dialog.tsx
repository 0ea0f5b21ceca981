import type { MemberView } from '@app/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

type Props = {
  /** Who is signed in now; null when this browser holds a session without its details. */
  member: MemberView | null;
  onKeep: () => void;
  onSwitch: () => void;
};

/**
 * A link with a session in it (?accessToken=) was opened while another member is signed in.
 * Anyone can make such a link for their own account, so the session is never replaced
 * without asking; closing the dialog keeps the current one.
 */
export function SwitchAccountDialog({ member, onKeep, onSwitch }: Props) {
  return (
    <Dialog
      open
      onClose={onKeep}
      fullWidth
      maxWidth="xs"
      aria-labelledby="switch-account-title"
      aria-describedby="switch-account-description"
    >
      <DialogTitle id="switch-account-title">Switch account?</DialogTitle>
      <DialogContent>
        <DialogContentText id="switch-account-description" sx={{ mb: 1.5 }}>
          {member ? (
            <>
              You are signed in as <strong>{member.name}</strong> (Registered ID{' '}
              {member.referral_code}).
            </>
          ) : (
            'You are already signed in on this browser.'
          )}{' '}
          The link you opened signs in as another account.
        </DialogContentText>
        <DialogContentText>
          Switch only if you asked for this link yourself: whatever you do after switching happens
          in the other account.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onSwitch}>Switch account</Button>
        <Button variant="contained" onClick={onKeep} autoFocus>
          Keep current session
        </Button>
      </DialogActions>
    </Dialog>
  );
}
