import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { VerificationSettings, WithdrawalGate } from '@app/contracts';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { validationReason } from '../../../lib/validation-reason.ts';
import {
  useSaveVerificationSettings,
  useVerificationSettings,
} from '../api/verification-settings.ts';

const WITHDRAWAL_LABELS: Record<WithdrawalGate, string> = {
  never: 'Never',
  'every-withdrawal': 'For every withdrawal',
  'above-total': 'Once a member’s withdrawals pass a total',
};

/** When identity verification is required (admin): withdrawals, and optionally deposits. */
export function VerificationSettingsCard() {
  const settings = useVerificationSettings();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="verification-settings-title"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720, mt: 3 }}
    >
      <Stack spacing={2}>
        <Stack spacing={0.5}>
          <Typography
            id="verification-settings-title"
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 700 }}
          >
            Identity verification
          </Typography>
          <Typography variant="body2" color="text.secondary">
            When members must have their identity verified. Checked on the server; approved members
            stay approved.
          </Typography>
        </Stack>
        {settings.isPending && <SkeletonRows rows={3} label="Loading verification settings" />}
        {settings.isError && (
          <QueryError
            message="The verification settings could not be loaded."
            onRetry={() => void settings.refetch()}
          />
        )}
        {settings.data && <SettingsForm saved={settings.data} />}
      </Stack>
    </Paper>
  );
}

function SettingsForm({ saved }: { saved: VerificationSettings }) {
  const saving = useSaveVerificationSettings();
  const [values, setValues] = useState(saved);
  const error = (field: keyof VerificationSettings) => validationReason(saving.error, field);
  const set = (field: keyof VerificationSettings) => (value: string) =>
    setValues((before) => ({ ...before, [field]: value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    saving.mutate(values, { onSuccess: ({ message }) => notifySuccess(message) });
  };
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-label="Verification settings"
      onSubmit={onSubmit}
    >
      <TextField
        select
        label="Withdrawals need it"
        value={values.withdrawals}
        onChange={(event) => set('withdrawals')(event.target.value)}
      >
        {(Object.keys(WITHDRAWAL_LABELS) as WithdrawalGate[]).map((gate) => (
          <MenuItem key={gate} value={gate}>
            {WITHDRAWAL_LABELS[gate]}
          </MenuItem>
        ))}
      </TextField>
      {values.withdrawals === 'above-total' && (
        <TextField
          label="Total withdrawn (USD)"
          value={values.withdrawalTotal}
          onChange={(event) => set('withdrawalTotal')(event.target.value)}
          error={Boolean(error('withdrawalTotal'))}
          helperText={
            error('withdrawalTotal') ??
            'Pending and paid withdrawals count, with the one asked for.'
          }
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      )}
      <TextField
        select
        label="Deposits need it"
        value={values.deposits}
        onChange={(event) => set('deposits')(event.target.value)}
      >
        <MenuItem value="never">Never</MenuItem>
        <MenuItem value="above-amount">Above an amount</MenuItem>
      </TextField>
      {values.deposits === 'above-amount' && (
        <TextField
          label="Deposit amount (USD)"
          value={values.depositAmount}
          onChange={(event) => set('depositAmount')(event.target.value)}
          error={Boolean(error('depositAmount'))}
          helperText={error('depositAmount') ?? 'A deposit above this needs a verified identity.'}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      )}
      <Button
        type="submit"
        variant="contained"
        loading={saving.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Save verification settings
      </Button>
    </Stack>
  );
}
