import AddRounded from '@mui/icons-material/AddRounded';
import Button from '@mui/material/Button';
import { useSearchParams } from 'react-router';
import { AdjustmentBoard } from '../../../features/operator-money/components/adjustment-board.tsx';
import { ProposeAdjustmentDialog } from '../../../features/operator-money/components/propose-adjustment-dialog.tsx';
import { useCurrentOperator } from '../../../features/operator-auth/api/operator-auth.ts';
import { ConsolePageHeader } from '../console-page-header.tsx';

/** `?member=<Registered ID>` (the member page's link) opens the proposal for that member. */
const MEMBER = 'member';
const PROPOSE = 'propose';

export default function ConsoleAdjustmentsRoute() {
  const operator = useCurrentOperator();
  const [params, setParams] = useSearchParams();
  const memberCode = params.get(MEMBER) ?? '';
  const isProposing = params.has(PROPOSE) || Boolean(memberCode);
  const setProposing = (open: boolean) =>
    setParams(
      (current) => {
        current.delete(MEMBER);
        if (open) current.set(PROPOSE, '');
        else current.delete(PROPOSE);
        return current;
      },
      { replace: !open },
    );

  return (
    <>
      <ConsolePageHeader
        screen="adjustments"
        actions={
          <Button variant="contained" startIcon={<AddRounded />} onClick={() => setProposing(true)}>
            Propose adjustment
          </Button>
        }
      />
      <AdjustmentBoard operatorId={operator?.id} />
      <ProposeAdjustmentDialog
        key={memberCode}
        isOpen={isProposing}
        memberCode={memberCode}
        onClose={() => setProposing(false)}
      />
    </>
  );
}
