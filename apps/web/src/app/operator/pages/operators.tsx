import PersonAddRounded from '@mui/icons-material/PersonAddRounded';
import Button from '@mui/material/Button';
import { can } from '@app/contracts';
import { useState } from 'react';
import { useCurrentOperator } from '../../../features/operator-auth/api/operator-auth.ts';
import { InviteOperatorDialog } from '../../../features/operator-staff/components/invite-operator-dialog.tsx';
import { OperatorList } from '../../../features/operator-staff/components/operator-list.tsx';
import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleOperatorsRoute() {
  const me = useCurrentOperator();
  const [isInviting, setInviting] = useState(false);
  return (
    <>
      <ConsolePageHeader
        screen="operators"
        actions={
          <Button
            variant="contained"
            startIcon={<PersonAddRounded />}
            onClick={() => setInviting(true)}
          >
            Invite operator
          </Button>
        }
      />
      <OperatorList
        selfId={me?.id ?? null}
        canResetSecondFactor={me !== null && can(me.role, 'operators.reset-second-factor')}
      />
      <InviteOperatorDialog open={isInviting} onClose={() => setInviting(false)} />
    </>
  );
}
