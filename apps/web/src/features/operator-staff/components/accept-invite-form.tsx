import {
  acceptInviteBody,
  OPERATOR_PASSWORD_MAX,
  OPERATOR_PASSWORD_MIN,
  type AcceptInviteBody,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PasswordField } from '../../../components/password-field.tsx';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { useAcceptInvite } from '../api/operators.ts';

type Values = z.output<typeof acceptInviteBody>;

/**
 * The invited operator's password, twice, under the server's rule (the same schema): on success
 * the server signs them in, and the console's public frame sends them to the overview.
 */
export function AcceptInviteForm({ token }: { token: string }) {
  const accept = useAcceptInvite();
  const { control, handleSubmit, setError } = useForm<AcceptInviteBody, unknown, Values>({
    resolver: zodResolver(acceptInviteBody),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const submit = handleSubmit((values) =>
    accept.mutate(values, {
      onError: (error) => void showFieldReasons(error, setError, ['password', 'confirmPassword']),
    }),
  );
  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      aria-label="Set your password"
      onSubmit={(event) => void submit(event)}
    >
      <PasswordField
        control={control}
        name="password"
        label="Password"
        autoComplete="new-password"
        autoFocus
        helperText={`${OPERATOR_PASSWORD_MIN} to ${OPERATOR_PASSWORD_MAX} characters; a long phrase is easy to remember and hard to guess`}
      />
      <PasswordField
        control={control}
        name="confirmPassword"
        label="Confirm password"
        autoComplete="new-password"
      />
      <Button type="submit" variant="contained" size="large" loading={accept.isPending}>
        SET PASSWORD AND SIGN IN
      </Button>
    </Stack>
  );
}
