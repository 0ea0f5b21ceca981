import type { OperatorMemberProfile, OperatorRole } from '@app/contracts';
import BlockRounded from '@mui/icons-material/BlockRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import LockOpenRounded from '@mui/icons-material/LockOpenRounded';
import PersonSearchRounded from '@mui/icons-material/PersonSearchRounded';
import TuneRounded from '@mui/icons-material/TuneRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { LinkButton } from '../../../components/link-button.tsx';
import { operatorPaths } from '../../../config/operator-paths.ts';
import {
  canActOnMembers,
  canEditMemberDetails,
  canProposeAdjustment,
} from '../utils/member-permissions.ts';
import { MemberDetailsDialog } from './member-details-dialog.tsx';
import { ImpersonateDialog } from './impersonate-dialog.tsx';
import { MemberStatusDialog } from './member-status-dialog.tsx';

type Dialog = 'status' | 'impersonate' | 'details' | null;

/** The member page's actions; a role sees only those it may take. */
export function MemberActions({
  member,
  role,
}: {
  member: OperatorMemberProfile;
  role: OperatorRole;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  // A closed account (decision 0060) is not blocked, viewed as the member or edited any more.
  const isClosed = member.status === 'closed';
  const acts = canActOnMembers(role) && !isClosed;
  const edits = canEditMemberDetails(role) && !isClosed;
  const isBlocked = member.status === 'blocked';
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      {canProposeAdjustment(role) && (
        <LinkButton
          variant="outlined"
          startIcon={<TuneRounded />}
          to={`${operatorPaths.adjustments}?member=${encodeURIComponent(member.referralCode)}`}
        >
          Propose adjustment
        </LinkButton>
      )}
      {edits && (
        <Button variant="outlined" startIcon={<EditRounded />} onClick={() => setDialog('details')}>
          Edit details
        </Button>
      )}
      {acts && !isBlocked && (
        <Button
          variant="outlined"
          startIcon={<PersonSearchRounded />}
          onClick={() => setDialog('impersonate')}
        >
          Sign in as member
        </Button>
      )}
      {acts && (
        <Button
          variant="contained"
          color={isBlocked ? 'primary' : 'error'}
          startIcon={isBlocked ? <LockOpenRounded /> : <BlockRounded />}
          onClick={() => setDialog('status')}
        >
          {isBlocked ? 'Unblock' : 'Block'}
        </Button>
      )}
      {edits && (
        <MemberDetailsDialog member={member} isOpen={dialog === 'details'} onClose={close} />
      )}
      {acts && (
        <>
          <MemberStatusDialog member={member} isOpen={dialog === 'status'} onClose={close} />
          <ImpersonateDialog member={member} isOpen={dialog === 'impersonate'} onClose={close} />
        </>
      )}
    </Stack>
  );
}
