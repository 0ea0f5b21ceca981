import { securitySettings, WITHDRAWAL_HOLD_MAX_HOURS, type SecuritySettings } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { useSaveSecuritySettings, useSecuritySettings } from '../api/security-settings.ts';

const HOLD_HELP =
  'Withdrawals pause for this many hours after a member’s password is changed or reset, ' +
  'their two-factor authentication is turned off or their payout address is changed (not a ' +
  `first one). 0 turns the hold off; at most ${WITHDRAWAL_HOLD_MAX_HOURS}. Holds already ` +
  'running keep their end.';

/** The platform's security settings: for now, how long withdrawals wait after a security change. */
export function SecuritySettingsCard() {
  const settings = useSecuritySettings();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="security-settings-title"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}
    >
      <Stack spacing={2}>
        <Stack spacing={0.5}>
          <Typography
            id="security-settings-title"
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 700 }}
          >
            Security
          </Typography>
          <Typography variant="body2" color="text.secondary">
            How members are protected when someone else may have changed their account.
          </Typography>
        </Stack>
        {settings.isPending && <SkeletonRows rows={2} label="Loading security settings" />}
        {settings.isError && (
          <QueryError
            message="The security settings could not be loaded."
            onRetry={() => void settings.refetch()}
          />
        )}
        {settings.data && <SecuritySettingsForm saved={settings.data} />}
      </Stack>
    </Paper>
  );
}

// The contract's rule, but an empty field is refused ("Enter whole hours…"), not read as the 0
// that would turn holds off.
const formSchema = z.object({
  withdrawalHoldHours: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    securitySettings.shape.withdrawalHoldHours,
  ),
});
type FormInput = z.input<typeof formSchema>;

const asForm = (saved: SecuritySettings): FormInput => ({
  withdrawalHoldHours: String(saved.withdrawalHoldHours),
});

function SecuritySettingsForm({ saved }: { saved: SecuritySettings }) {
  const saving = useSaveSecuritySettings();
  const { control, handleSubmit, setError, reset } = useForm<FormInput, unknown, SecuritySettings>({
    resolver: zodResolver(formSchema),
    defaultValues: asForm(saved),
  });
  const submit = handleSubmit((values) =>
    saving.mutate(values, {
      onSuccess: ({ data, message }) => {
        notifySuccess(message || 'Settings saved');
        reset(asForm(data));
      },
      onError: (error) => void showFieldReasons(error, setError, ['withdrawalHoldHours']),
    }),
  );
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-label="Security settings"
      onSubmit={(event) => void submit(event)}
    >
      <FormTextField
        control={control}
        name="withdrawalHoldHours"
        label="Withdrawal hold after a security change (hours)"
        type="number"
        helperText={HOLD_HELP}
        slotProps={{
          htmlInput: { min: 0, max: WITHDRAWAL_HOLD_MAX_HOURS, step: 1, inputMode: 'numeric' },
        }}
      />
      <Button
        type="submit"
        variant="contained"
        loading={saving.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Save
      </Button>
    </Stack>
  );
}
