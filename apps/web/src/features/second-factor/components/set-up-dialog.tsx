import {
  totpConfirmBody,
  totpSetupBody,
  type TotpConfirmBody,
  type TotpSetupBody,
  type TotpSetupData,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CopyButton } from '../../../components/copy-button.tsx';
import { DialogForm } from '../../../components/dialog-form.tsx';
import { OtpField } from '../../../components/otp-field.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ApiResult } from '../../../lib/api-client.ts';
import { useConfirmTotp } from '../api/confirm-totp.ts';
import { useSetUpTotp } from '../api/set-up-totp.ts';
import { RecoveryCodesStep } from './recovery-codes-step.tsx';
import { SecondFactorDialog } from './second-factor-dialog.tsx';

/**
 * The QR code as an image: the server's SVG document in a data: URL, which the CSP allows for
 * images, and which runs no script whatever the document holds (never put into the page).
 */
const qrImageSource = (svg: string) => `data:image/svg+xml;base64,${btoa(svg)}`;

/** "JBSW Y3DP EHPK 3PXP": the base32 secret in groups of 4, easier to type into an app. */
export const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The two calls of an enrolment: the member's own by default, an operator's in the console. */
export type TotpEnrolmentHooks = {
  useSetUp: () => UseMutationResult<ApiResult<TotpSetupData>, unknown, TotpSetupBody>;
  useConfirm: () => UseMutationResult<
    ApiResult<{ recoveryCodes: string[] }>,
    unknown,
    TotpConfirmBody
  >;
};

const memberEnrolment: TotpEnrolmentHooks = { useSetUp: useSetUpTotp, useConfirm: useConfirmTotp };

type Props = { isOpen: boolean; onClose: () => void; hooks?: TotpEnrolmentHooks };

/**
 * Turning on the authenticator app: the password again, then the QR code (or its key) and a
 * first code from the app, then the recovery codes, shown once. Closing before the code leaves
 * the factor off; the server keeps the unconfirmed secret until a new setup replaces it.
 */
export function SetUpDialog({ isOpen, onClose, hooks = memberEnrolment }: Props) {
  const setUp = hooks.useSetUp();
  const confirm = hooks.useConfirm();
  const setup = setUp.data?.data;
  const codes = confirm.data?.data.recoveryCodes;
  // Nothing closes while a request is in flight; once the codes show, only Done does.
  const close = () => {
    if (!setUp.isPending && !confirm.isPending && !codes) onClose();
  };
  const step = codes
    ? 'Step 3 of 3: save your recovery codes'
    : setup
      ? 'Step 2 of 3: add your account to the app'
      : 'Step 1 of 3: confirm it is you';

  return (
    <SecondFactorDialog
      isOpen={isOpen}
      title="Set up authenticator app"
      step={step}
      onClose={close}
    >
      {codes ? (
        <RecoveryCodesStep codes={codes} onDone={onClose} />
      ) : setup ? (
        <ScanStep setup={setup} confirm={confirm} onCancel={close} />
      ) : (
        <PasswordStep setUp={setUp} onCancel={close} onAlreadyOn={onClose} />
      )}
    </SecondFactorDialog>
  );
}

type PasswordStepProps = {
  setUp: ReturnType<TotpEnrolmentHooks['useSetUp']>;
  onCancel: () => void;
  /** A 409: it was turned on elsewhere; the card reads the state again. */
  onAlreadyOn: () => void;
};

function PasswordStep({ setUp, onCancel, onAlreadyOn }: PasswordStepProps) {
  const { control, handleSubmit, setError } = useForm<TotpSetupBody>({
    resolver: zodResolver(totpSetupBody),
    defaultValues: { password: '' },
  });
  const submit = handleSubmit((values) =>
    setUp.mutate(values, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) onAlreadyOn();
        else showFieldReasons(error, setError, ['password']);
      },
    }),
  );
  return (
    <DialogForm
      label="Confirm your password"
      onSubmit={(event) => void submit(event)}
      submitLabel="Continue"
      isPending={setUp.isPending}
      onCancel={onCancel}
    >
      <Typography variant="body2">
        An authenticator app (Google Authenticator, Microsoft Authenticator, 1Password and the like)
        shows a new 6-digit code every 30 seconds. Once it is on, signing in asks for that code
        after your password. First, enter your password again.
      </Typography>
      <PasswordField
        control={control}
        name="password"
        label="Password"
        autoComplete="current-password"
        autoFocus
      />
    </DialogForm>
  );
}

type ScanStepProps = {
  setup: TotpSetupData;
  confirm: ReturnType<TotpEnrolmentHooks['useConfirm']>;
  onCancel: () => void;
};

function ScanStep({ setup, confirm, onCancel }: ScanStepProps) {
  const { breakpoints } = useTheme();
  const isPhone = useMediaQuery(breakpoints.down('sm'));
  const { control, handleSubmit, setError } = useForm<
    TotpConfirmBody,
    unknown,
    z.output<typeof totpConfirmBody>
  >({ resolver: zodResolver(totpConfirmBody), defaultValues: { code: '' } });
  const submit = handleSubmit((values) =>
    confirm.mutate(values, {
      onSuccess: ({ message }) => notifySuccess(message || 'Two-factor authentication is on'),
      onError: (error) => void showFieldReasons(error, setError, ['code']),
    }),
  );
  return (
    <DialogForm
      label="Turn on two-factor authentication"
      onSubmit={(event) => void submit(event)}
      submitLabel="Turn on"
      isPending={confirm.isPending}
      onCancel={onCancel}
    >
      <Typography variant="body2">
        Scan this QR code with your authenticator app, then enter the code it shows.
      </Typography>
      <Box
        component="img"
        src={qrImageSource(setup.qrSvg)}
        alt="QR code for your authenticator app"
        sx={{
          display: 'block',
          alignSelf: 'center',
          width: 192,
          height: 192,
          p: 1,
          bgcolor: '#fff',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      />
      {isPhone && setup.uri.startsWith('otpauth://') && (
        <Button variant="outlined" href={setup.uri} sx={{ alignSelf: 'center' }}>
          Open in authenticator app
        </Button>
      )}
      <Stack spacing={0.5}>
        <Typography variant="body2" color="text.secondary">
          Cannot scan it? Type this setup key into the app instead:
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Typography
            component="code"
            sx={{ fontFamily: 'monospace', fontSize: '0.95rem', wordBreak: 'break-word' }}
          >
            {groupSecret(setup.secret)}
          </Typography>
          <CopyButton text={setup.secret} label="Setup key" />
        </Stack>
      </Stack>
      {/* On a phone the keyboard would cover the QR code and the app button. */}
      <OtpField control={control} name="code" label="Code from the app" autoFocus={!isPhone} />
      <Typography variant="caption" color="text.secondary">
        Until this code is accepted, two-factor authentication stays off.
      </Typography>
    </DialogForm>
  );
}
