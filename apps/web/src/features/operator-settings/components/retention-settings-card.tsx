import { RETENTION_MAX_DAYS, retentionSettings, type RetentionSettings } from '@app/contracts';
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
import { useRetentionSettings, useSaveRetentionSettings } from '../api/retention-settings.ts';

const CLOSED_HELP =
  'After an admin confirms a closure, the member’s name, email, mobile number, payout address, ' +
  `identity documents and support images are erased this many days later (1 to ${RETENTION_MAX_DAYS}). ` +
  'The ledger stays under the member’s id.';
const DOCUMENTS_HELP =
  'Identity documents rejected, or replaced by the member before sending, are deleted this many ' +
  `days later (1 to ${RETENTION_MAX_DAYS}). Accepted documents stay.`;

/**
 * How long personal data a member no longer needs is kept (decision 0060): the daily retention
 * run erases closed accounts' personal data and deletes rejected documents after these periods.
 */
export function RetentionSettingsCard() {
  const settings = useRetentionSettings();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="retention-settings-title"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}
    >
      <Stack spacing={2}>
        <Stack spacing={0.5}>
          <Typography
            id="retention-settings-title"
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 700 }}
          >
            Data retention
          </Typography>
          <Typography variant="body2" color="text.secondary">
            How long personal data is kept once members no longer need it. The daily retention run
            applies a change from its next day, to what already waits too.
          </Typography>
        </Stack>
        {settings.isPending && <SkeletonRows rows={2} label="Loading retention settings" />}
        {settings.isError && (
          <QueryError
            message="The retention settings could not be loaded."
            onRetry={() => void settings.refetch()}
          />
        )}
        {settings.data && <RetentionSettingsForm saved={settings.data} />}
      </Stack>
    </Paper>
  );
}

// The contract's rule, but an empty field is refused ("Enter whole days…"), not read as 0.
const blankIsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const formSchema = z.object({
  closedAccountDays: z.preprocess(blankIsMissing, retentionSettings.shape.closedAccountDays),
  rejectedDocumentDays: z.preprocess(blankIsMissing, retentionSettings.shape.rejectedDocumentDays),
});
type FormInput = z.input<typeof formSchema>;

const asForm = (saved: RetentionSettings): FormInput => ({
  closedAccountDays: String(saved.closedAccountDays),
  rejectedDocumentDays: String(saved.rejectedDocumentDays),
});

const dayInput = {
  htmlInput: { min: 1, max: RETENTION_MAX_DAYS, step: 1, inputMode: 'numeric' as const },
};

function RetentionSettingsForm({ saved }: { saved: RetentionSettings }) {
  const saving = useSaveRetentionSettings();
  const { control, handleSubmit, setError, reset } = useForm<FormInput, unknown, RetentionSettings>(
    {
      resolver: zodResolver(formSchema),
      defaultValues: asForm(saved),
    },
  );
  const submit = handleSubmit((values) =>
    saving.mutate(values, {
      onSuccess: ({ data, message }) => {
        notifySuccess(message || 'Settings saved');
        reset(asForm(data));
      },
      onError: (error) =>
        void showFieldReasons(error, setError, ['closedAccountDays', 'rejectedDocumentDays']),
    }),
  );
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-label="Retention settings"
      onSubmit={(event) => void submit(event)}
    >
      <FormTextField
        control={control}
        name="closedAccountDays"
        label="Closed accounts: personal data kept (days)"
        type="number"
        helperText={CLOSED_HELP}
        slotProps={dayInput}
      />
      <FormTextField
        control={control}
        name="rejectedDocumentDays"
        label="Rejected identity documents kept (days)"
        type="number"
        helperText={DOCUMENTS_HELP}
        slotProps={dayInput}
      />
      <Button
        type="submit"
        variant="contained"
        loading={saving.isPending}
        aria-label="Save retention periods"
        sx={{ alignSelf: 'flex-start' }}
      >
        Save
      </Button>
    </Stack>
  );
}
