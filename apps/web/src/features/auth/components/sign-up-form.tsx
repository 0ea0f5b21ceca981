import { joinMobileNumber, nationalNumberMaxLength } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { useRegister } from '../api/register.ts';
import { RobotCheckStatus } from '../proof-of-work/robot-check-status.tsx';
import { useProofOfWork } from '../proof-of-work/use-proof-of-work.ts';
import { signUpForm } from '../utils/sign-up-form-schema.ts';
import { DialCodeField } from './dial-code-field.tsx';
import { InvitationField } from './invitation-field.tsx';
import type { SignUpValues } from './sign-up-values.ts';

type Props = {
  /** From ?referralCode=: prefills the invitation id and locks it. */
  referralCodeParam: string | null;
  uplineParam: string | null;
  canLookUpUpline: boolean;
  onRegistered: (referralCode: string) => void;
};

/** Digits only, as many as the dial code's country may have (India's 10, others' up to 14). */
const keepDigits = (maxLength: number) => (value: string) =>
  value.replace(/\D/g, '').slice(0, maxLength);

export function SignUpForm({
  referralCodeParam,
  uplineParam,
  canLookUpUpline,
  onRegistered,
}: Props) {
  const { control, handleSubmit } = useForm<SignUpValues['input'], unknown, SignUpValues['output']>(
    {
      resolver: zodResolver(signUpForm),
      defaultValues: {
        referralCode: referralCodeParam?.toUpperCase() ?? '',
        dialCode: '',
        country: undefined,
        mobile: '',
        name: '',
        email: '',
        password: '',
        terms: false,
      },
    },
  );
  // Solved while the form is filled in, sent with it (decision 0050).
  const proofOfWork = useProofOfWork({ eager: true });
  const registration = useRegister(proofOfWork);
  const mobileMaxLength = nationalNumberMaxLength(useWatch({ control, name: 'dialCode' }) ?? '');

  const submit = handleSubmit(({ referralCode, dialCode, mobile, name, email, password }) =>
    registration.mutate(
      { referralCode, name, email, password, mobile_number: joinMobileNumber(dialCode, mobile) },
      {
        onSuccess: ({ message, data }) => {
          notifySuccess(message || 'Registration successful');
          onRegistered(data.referral_code);
        },
      },
    ),
  );

  return (
    <Stack component="form" noValidate spacing={2.25} aria-label="Sign up" onSubmit={submit}>
      <InvitationField
        control={control}
        isLocked={Boolean(referralCodeParam)}
        uplineParam={uplineParam}
        canLookUp={canLookUpUpline}
      />
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Stack sx={{ width: { xs: 144, sm: 160 }, flexShrink: 0 }}>
          <DialCodeField control={control} />
        </Stack>
        <FormTextField
          control={control}
          name="mobile"
          label="Mobile"
          type="tel"
          autoComplete="tel-national"
          transform={keepDigits(mobileMaxLength)}
          slotProps={{
            htmlInput: { inputMode: 'numeric', maxLength: mobileMaxLength, pattern: '[0-9]*' },
          }}
        />
      </Stack>
      <FormTextField control={control} name="name" label="Name" autoComplete="name" />
      <FormTextField
        control={control}
        name="email"
        label="Email Id"
        type="email"
        autoComplete="email"
      />
      <PasswordField
        control={control}
        name="password"
        label="Password"
        autoComplete="new-password"
      />
      <Controller
        control={control}
        name="terms"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                checked={Boolean(field.value)}
                onChange={(_, checked) => field.onChange(checked)}
              />
            }
            label="I read and agree to Terms & Conditions"
          />
        )}
      />
      <RobotCheckStatus status={proofOfWork.status} />
      <Button type="submit" variant="contained" size="large" loading={registration.isPending}>
        SIGN UP
      </Button>
    </Stack>
  );
}
