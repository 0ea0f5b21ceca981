import {
  OPERATOR_ROLES,
  type OperatorRole,
  type OperatorStatus,
  type StaffOperatorView,
} from '@app/contracts';
import AdminPanelSettingsRounded from '@mui/icons-material/AdminPanelSettingsRounded';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { QueryStates } from '../../../components/query-states.tsx';
import { dateColumn } from '../../../components/record-columns.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { RecordRows, type RecordColumn } from '../../../components/record-list.tsx';
import { ResetSecondFactorDialog } from '../../../components/reset-second-factor-dialog.tsx';
import {
  useOperators,
  useResendInvite,
  useResetOperatorSecondFactor,
  useUpdateOperator,
} from '../api/operators.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { shortRoleLabels } from './role-labels.ts';

const statusChip: Record<
  OperatorStatus,
  { label: string; color: 'warning' | 'success' | 'default' }
> = {
  invited: { label: 'Invited', color: 'warning' },
  active: { label: 'Active', color: 'success' },
  disabled: { label: 'Disabled', color: 'default' },
};

type Actions = {
  selfId: string | null;
  onRole: (operator: StaffOperatorView, role: OperatorRole) => void;
  onToggle: (operator: StaffOperatorView) => void;
  onResend: (operator: StaffOperatorView) => void;
  /** Offered to admins for another operator whose authenticator is on (decision 0049). */
  onResetSecondFactor: ((operator: StaffOperatorView) => void) | null;
  isBusy: boolean;
};

function RoleCell({ operator, selfId, onRole, isBusy }: Actions & { operator: StaffOperatorView }) {
  // The server refuses an admin's change to their own role; the screen does not offer it.
  if (operator.id === selfId || operator.status === 'disabled')
    return shortRoleLabels[operator.role];
  return (
    <TextField
      select
      size="small"
      value={operator.role}
      disabled={isBusy}
      onChange={(event) => onRole(operator, event.target.value as OperatorRole)}
      slotProps={{ htmlInput: { 'aria-label': `Role of ${operator.email}` } }}
      sx={{ minWidth: 120 }}
    >
      {OPERATOR_ROLES.map((role) => (
        <MenuItem key={role} value={role}>
          {shortRoleLabels[role]}
        </MenuItem>
      ))}
    </TextField>
  );
}

function ActionsCell({
  operator,
  selfId,
  onToggle,
  onResend,
  onResetSecondFactor,
  isBusy,
}: Actions & { operator: StaffOperatorView }) {
  if (operator.id === selfId) return '—';
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      {operator.status === 'invited' && (
        <Button
          size="small"
          variant="outlined"
          disabled={isBusy}
          onClick={() => onResend(operator)}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Resend invite
        </Button>
      )}
      <Button
        size="small"
        variant="outlined"
        color={operator.status === 'disabled' ? 'primary' : 'error'}
        disabled={isBusy}
        onClick={() => onToggle(operator)}
        aria-label={`${operator.status === 'disabled' ? 'Enable' : 'Disable'} ${operator.email}`}
      >
        {operator.status === 'disabled' ? 'Enable' : 'Disable'}
      </Button>
      {operator.secondFactor && onResetSecondFactor && (
        <Button
          size="small"
          variant="outlined"
          color="error"
          disabled={isBusy}
          onClick={() => onResetSecondFactor(operator)}
          aria-label={`Reset two-factor of ${operator.email}`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Reset two-factor
        </Button>
      )}
    </Stack>
  );
}

function columnsFor(actions: Actions): RecordColumn<StaffOperatorView>[] {
  return [
    { header: 'Email', cell: (operator) => operator.email, card: 'title' },
    {
      header: 'Status',
      cell: (operator) => <Chip size="small" variant="outlined" {...statusChip[operator.status]} />,
      card: 'amount',
    },
    {
      header: 'Role',
      cell: (operator) => <RoleCell operator={operator} {...actions} />,
      card: 'detail',
    },
    {
      header: 'Two-factor',
      cell: (operator) => (operator.secondFactor ? 'On' : 'Off'),
      card: 'detail',
      isNowrap: true,
    },
    dateColumn('Created', (operator) => operator.createdAt, 'detail'),
    {
      header: 'Last sign-in',
      cell: (operator) => (operator.lastSignInAt ? formatDateTime(operator.lastSignInAt) : 'Never'),
      card: 'detail',
      isNowrap: true,
      isMuted: true,
      isWideOnly: true,
    },
    {
      header: 'Actions',
      cell: (operator) => <ActionsCell operator={operator} {...actions} />,
      card: 'detail',
    },
  ];
}

type ListProps = { selfId: string | null; canResetSecondFactor: boolean };

/**
 * Every operator: role, status, two-factor, when created and last signed in; change, disable,
 * resend, and reset another operator's lost second factor.
 */
export function OperatorList({ selfId, canResetSecondFactor }: ListProps) {
  const operators = useOperators();
  const update = useUpdateOperator();
  const resend = useResendInvite();
  const [toggling, setToggling] = useState<StaffOperatorView | null>(null);
  const [resetting, setResetting] = useState<StaffOperatorView | null>(null);
  const isBusy = update.isPending || resend.isPending;
  const columns = columnsFor({
    selfId,
    isBusy,
    onRole: (operator, role) => update.mutate({ id: operator.id, role }),
    onToggle: setToggling,
    onResend: (operator) => resend.mutate(operator.id),
    onResetSecondFactor: canResetSecondFactor ? setResetting : null,
  });
  const enabling = toggling?.status === 'disabled';

  return (
    <>
      <QueryStates
        query={operators}
        label="Operators"
        errorMessage="The operators could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty={{
          icon: <AdminPanelSettingsRounded />,
          title: 'No operators yet',
          description: 'Invite an operator to share the work.',
        }}
      >
        {(list) => <RecordRows records={list} columns={columns} label="Operators" />}
      </QueryStates>
      <ConfirmDialog
        open={toggling !== null}
        title={enabling ? 'Enable operator?' : 'Disable operator?'}
        text={
          enabling
            ? `${toggling?.email ?? ''} will be able to sign in again with their role.`
            : `${toggling?.email ?? ''} will be signed out at once and cannot sign in until enabled again.`
        }
        confirmLabel={enabling ? 'Enable' : 'Disable'}
        isDestructive={!enabling}
        isPending={update.isPending}
        onCancel={() => setToggling(null)}
        onConfirm={() =>
          toggling &&
          update.mutate(
            { id: toggling.id, status: enabling ? 'active' : 'disabled' },
            { onSettled: () => setToggling(null) },
          )
        }
      />
      {resetting && <ResetOperatorFactor operator={resetting} onClose={() => setResetting(null)} />}
    </>
  );
}

function ResetOperatorFactor({
  operator,
  onClose,
}: {
  operator: StaffOperatorView;
  onClose: () => void;
}) {
  const resetting = useResetOperatorSecondFactor(operator.id);
  return (
    <ResetSecondFactorDialog
      isOpen
      onClose={onClose}
      description={`${operator.email} lost their authenticator app and recovery codes? Do this only once you know it is them. They are signed out everywhere, told by email, and must set up the app again at their next sign-in where the console requires it; the reason goes to the audit log.`}
      resetting={resetting}
    />
  );
}
