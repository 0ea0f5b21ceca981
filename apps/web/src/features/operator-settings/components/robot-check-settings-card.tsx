import type { ProofOfWorkMode } from '@app/contracts';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import {
  useProofOfWorkSettings,
  useSaveProofOfWorkSettings,
} from '../api/proof-of-work-settings.ts';

const MODES: { mode: ProofOfWorkMode; label: string; help: string }[] = [
  {
    mode: 'adaptive',
    label: 'When an address is busy',
    help: 'After a few registrations or password-reset requests from one address in an hour.',
  },
  {
    mode: 'always',
    label: 'Always',
    help: 'On every registration and password-reset request, e.g. while bots are signing up.',
  },
];

/**
 * When registration and forgotten-password requests need the robot check (decision 0050). The
 * member's browser solves it by itself, in well under a second; clients that do not solve it
 * are refused while it is needed. Sign-in asks for it after failed tries, whatever is set here.
 */
export function RobotCheckSettingsCard() {
  const settings = useProofOfWorkSettings();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="robot-check-settings-title"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720, mt: 2 }}
    >
      <Stack spacing={2}>
        <Stack spacing={0.5}>
          <Typography
            id="robot-check-settings-title"
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 700 }}
          >
            Robot check
          </Typography>
          <Typography variant="body2" color="text.secondary">
            A small computation the member’s browser does by itself before a registration or a
            password-reset request, which makes bots pay for each try. Sign-in asks for it after
            failed tries whatever is chosen here.
          </Typography>
        </Stack>
        {settings.isPending && <SkeletonRows rows={2} label="Loading robot check settings" />}
        {settings.isError && (
          <QueryError
            message="The robot check settings could not be loaded."
            onRetry={() => void settings.refetch()}
          />
        )}
        {settings.data && <RobotCheckForm saved={settings.data.mode} />}
      </Stack>
    </Paper>
  );
}

function RobotCheckForm({ saved }: { saved: ProofOfWorkMode }) {
  const [mode, setMode] = useState<ProofOfWorkMode>(saved);
  const saving = useSaveProofOfWorkSettings();
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-label="Robot check settings"
      onSubmit={(event) => {
        event.preventDefault();
        saving.mutate(
          { mode },
          { onSuccess: ({ message }) => notifySuccess(message || 'Settings saved') },
        );
      }}
    >
      <FormControl>
        <FormLabel id="robot-check-mode">Ask for the robot check</FormLabel>
        <RadioGroup
          aria-labelledby="robot-check-mode"
          value={mode}
          onChange={(_, value) => setMode(value as ProofOfWorkMode)}
        >
          {MODES.map((option) => (
            <FormControlLabel
              key={option.mode}
              value={option.mode}
              control={<Radio />}
              label={
                <Stack>
                  <span>{option.label}</span>
                  <Typography variant="caption" color="text.secondary">
                    {option.help}
                  </Typography>
                </Stack>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
      <Button
        type="submit"
        variant="contained"
        loading={saving.isPending}
        aria-label="Save robot check"
        sx={{ alignSelf: 'flex-start' }}
      >
        Save
      </Button>
    </Stack>
  );
}
