import {
  memberMailKindLabels,
  type MailPreference,
  type MailPreferencesData,
} from '@app/contracts';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { useMailPreferences, useSetMailPreference } from '../api/mail-preferences.ts';

/**
 * The mails the member gets about their money (decision 0053), one switch per kind; the
 * security mails are not switches, they always go. A switch shows its new position while it
 * saves; failures are toasted by the API client and the list is read again.
 */
export function MailPreferencesCard() {
  const preferences = useMailPreferences();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="mails-title" sx={{ p: 2.5 }}>
      <Stack spacing={2}>
        <Stack spacing={0.5}>
          <Typography id="mails-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Mails
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Which events we email you about; each is also in your notifications. Security mails
            (sign-ins, password and two-factor changes) always go.
          </Typography>
        </Stack>
        {preferences.isPending ? (
          <SkeletonRows rows={5} height={56} label="Loading mail preferences" />
        ) : preferences.isError ? (
          <QueryError
            message="Your mail preferences could not be loaded."
            onRetry={() => void preferences.refetch()}
          />
        ) : (
          <Switches data={preferences.data} />
        )}
      </Stack>
    </Paper>
  );
}

function Switches({ data }: { data: MailPreferencesData }) {
  const save = useSetMailPreference();
  const saving = save.isPending ? save.variables : undefined;
  const change = (preference: MailPreference) =>
    save.mutate(preference, {
      onSuccess: () =>
        notifySuccess(
          `${memberMailKindLabels[preference.kind].label} mails ${preference.enabled ? 'on' : 'off'}`,
        ),
    });
  return (
    <Stack spacing={1.5}>
      {data.preferences.map(({ kind, enabled }) => {
        const { label, description } = memberMailKindLabels[kind];
        const shown = saving?.kind === kind ? saving.enabled : enabled;
        return (
          <FormControlLabel
            key={kind}
            labelPlacement="start"
            sx={{ mx: 0, justifyContent: 'space-between', alignItems: 'flex-start', gap: 2 }}
            control={
              <Switch
                checked={shown}
                disabled={save.isPending}
                onChange={(event) => change({ kind, enabled: event.target.checked })}
                slotProps={{ input: { 'aria-describedby': `mail-${kind}-description` } }}
              />
            }
            label={
              <Stack spacing={0.25} sx={{ minWidth: 0 }}>
                <Typography variant="body1">{label}</Typography>
                <Typography id={`mail-${kind}-description`} variant="body2" color="text.secondary">
                  {description}
                </Typography>
              </Stack>
            }
          />
        );
      })}
    </Stack>
  );
}
