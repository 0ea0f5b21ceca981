import { forgotPasswordBody, type ForgotPasswordBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { SendCodeButton } from '../../../components/send-code-button.tsx';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { useSendResetCode } from '../api/forgot-password.ts';
import { RobotCheckStatus } from '../proof-of-work/robot-check-status.tsx';
import { useProofOfWork } from '../proof-of-work/use-proof-of-work.ts';

type Props = {
  defaultLoginId: string;
  /** The code is on its way (if the account exists): go on to enter it. */
  onSent: (loginId: string) => void;
};

/** The first step of a password reset: the Registered ID or email to mail a code for. */
export function ForgotPasswordForm({ defaultLoginId, onSent }: Props) {
  // Solved while the id is typed, sent with the request (decision 0050).
  const proofOfWork = useProofOfWork({ eager: true });
  const sender = useSendResetCode(proofOfWork);
  const { control, handleSubmit, setError } = useForm<ForgotPasswordBody>({
    resolver: zodResolver(forgotPasswordBody),
    defaultValues: { loginId: defaultLoginId },
  });
  const submit = handleSubmit(({ loginId }) =>
    sender.send(loginId, {
      onSent: () => onSent(loginId),
      onRefused: (error) => showFieldReasons(error, setError, ['loginId']),
    }),
  );

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      aria-label="Forgot password"
      onSubmit={(event) => void submit(event)}
    >
      <FormTextField
        control={control}
        name="loginId"
        label="Registered ID or email"
        autoComplete="username"
        autoFocus
      />
      <RobotCheckStatus status={proofOfWork.status} />
      <SendCodeButton
        label="SEND RESET CODE"
        sender={sender}
        type="submit"
        variant="contained"
        size="large"
      />
    </Stack>
  );
}
