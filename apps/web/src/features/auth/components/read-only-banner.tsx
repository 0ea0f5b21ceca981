import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import Alert from '@mui/material/Alert';
import { useIsReadOnlySession } from '../api/get-me.ts';

/**
 * Said on every screen of an operator's read-only view of a member's app: the money buttons
 * stay, the server refuses them and the toast says why.
 */
export function ReadOnlyBanner() {
  const isReadOnly = useIsReadOnlySession();
  if (!isReadOnly) return null;
  return (
    <Alert severity="warning" icon={<VisibilityRounded />} sx={{ mb: 2 }}>
      Operator view — read-only. Money actions are disabled.
    </Alert>
  );
}
