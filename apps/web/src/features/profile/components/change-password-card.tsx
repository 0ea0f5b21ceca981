import { changePasswordBody, type ChangePasswordBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { useChangePassword } from '../api/change-password.ts';

const empty: ChangePasswordBody = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The password change: the current one, the new one twice. Other devices are signed out. */
export function ChangePasswordCard() {
  const changing = useChangePassword();
  const { control, handleSubmit, setError, reset } = useForm<ChangePasswordBody>({
    resolver: zodResolver(changePasswordBody),
    defaultValues: empty,
  });
  const submit = handleSubmit((values) =>
    changing.mutate(values, {
      onSuccess: ({ message }) => {
        notifySuccess(message || 'Password changed');
        reset(empty);
      },
      onError: (error) =>
        void showFieldReasons(error, setError, [
          'currentPassword',
          'newPassword',
          'confirmPassword',
        ]),
    }),
  );

  return (
    <Paper variant="outlined" component="section" aria-labelledby="password-title" sx={{ p: 2.5 }}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        aria-label="Change password"
        onSubmit={(event) => void submit(event)}
      >
        <Stack spacing={0.5}>
          <Typography
            id="password-title"
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600 }}
          >
            Password
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Changing it signs out every other device; this one stays signed in.
          </Typography>
        </Stack>
        <PasswordField
          control={control}
          name="currentPassword"
          label="Current password"
          autoComplete="current-password"
        />
        <NewPasswordFields control={control} />
        <Button
          type="submit"
          variant="contained"
          loading={changing.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          Change password
        </Button>
      </Stack>
    </Paper>
  );
}
