import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorRounded from '@mui/icons-material/ErrorRounded';
import Chip from '@mui/material/Chip';
import { Link as RouterLink } from 'react-router';
import { operatorPaths } from '../../../config/operator-paths.ts';
import { formatDateTime } from '../../../lib/format.ts';

type Props = { ok: boolean; checkedAt: string; issues?: number; isLink?: boolean };

/** "Ledger reconciled" or "Ledger mismatch", with when it was checked; a link to the report. */
export function ReconciliationChip({ ok, checkedAt, issues = 0, isLink = false }: Props) {
  const label = ok
    ? 'Ledger reconciled'
    : `Ledger mismatch${issues ? ` (${issues} ${issues === 1 ? 'issue' : 'issues'})` : ''}`;
  const link = isLink
    ? { component: RouterLink, to: operatorPaths.reconciliation, clickable: true }
    : {};
  return (
    <Chip
      {...link}
      color={ok ? 'success' : 'error'}
      variant={ok ? 'outlined' : 'filled'}
      icon={ok ? <CheckCircleRounded /> : <ErrorRounded />}
      label={label}
      title={`Checked ${formatDateTime(checkedAt)}`}
      aria-label={`${label}, checked ${formatDateTime(checkedAt)}`}
    />
  );
}
