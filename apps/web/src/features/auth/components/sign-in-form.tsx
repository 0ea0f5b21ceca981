import { loginForm, type LoginForm } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { useLogin, type LoginValues } from '../api/login.ts';

type Props = { defaultLoginId: string; onSignedIn: () => void };

export function SignInForm({ defaultLoginId, onSignedIn }: Props) {
  const { control, handleSubmit } = useForm<LoginForm, unknown, LoginValues>({
    resolver: zodResolver(loginForm),
    defaultValues: { loginId: defaultLoginId, password: '' },
  });
  const signIn = useLogin();

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      aria-label="Sign in"
      onSubmit={handleSubmit((values) => signIn.mutate(values, { onSuccess: onSignedIn }))}
    >
      <FormTextField
        control={control}
        name="loginId"
        label="Registered ID"
        autoComplete="username"
        autoFocus={!defaultLoginId}
      />
      <PasswordField
        control={control}
        name="password"
        label="Password"
        autoComplete="current-password"
        autoFocus={Boolean(defaultLoginId)}
      />
      <Button type="submit" variant="contained" size="large" loading={signIn.isPending}>
        SIGN IN
      </Button>
    </Stack>
  );
}
