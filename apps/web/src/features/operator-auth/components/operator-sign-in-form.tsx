import { operatorLoginBody, type OperatorLoginBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { useOperatorLogin } from '../api/operator-auth.ts';

type Values = z.output<typeof operatorLoginBody>;

export function OperatorSignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { control, handleSubmit } = useForm<OperatorLoginBody, unknown, Values>({
    resolver: zodResolver(operatorLoginBody),
    defaultValues: { email: '', password: '' },
  });
  const signIn = useOperatorLogin();
  const submit = handleSubmit((values) => signIn.mutate(values, { onSuccess: onSignedIn }));
  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      aria-label="Operator sign in"
      onSubmit={submit}
    >
      <FormTextField
        control={control}
        name="email"
        label="Email"
        type="email"
        autoComplete="username"
        autoFocus
      />
      <PasswordField
        control={control}
        name="password"
        label="Password"
        autoComplete="current-password"
      />
      <Button type="submit" variant="contained" size="large" loading={signIn.isPending}>
        SIGN IN
      </Button>
    </Stack>
  );
}
