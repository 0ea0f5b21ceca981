import { stepUpBody, type StepUpBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import KeyRounded from '@mui/icons-material/KeyRounded';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogForm } from '../../../components/dialog-form.tsx';
import { registerStepUp } from '../../../lib/step-up.ts';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { notifyError } from '../../../lib/toast.ts';
import { PasskeyCancelled, usePasskeysSupported } from '../../../lib/webauthn.ts';
import { useSecondFactor } from '../api/get-second-factor.ts';
import { useVerifyStepUpWithPasskey } from '../api/passkeys.ts';
import { verifyStepUp } from '../api/verify-step-up.ts';
import { SecondFactorCodeField } from '../../../components/second-factor-code-field.tsx';
import { SecondFactorDialog } from './second-factor-dialog.tsx';

/**
 * The step-up dialog (decision 0047), mounted once in the signed-in frame: when a withdrawal, a
 * payout address change or a password change answers STEP_UP_REQUIRED, the API client opens it;
 * once a code is accepted the change is sent again, and cancelling leaves it undone. The console
 * mounts the same dialog with the operator's own step-up (decision 0049), which takes codes only.
 */
export function StepUpDialog({
  verify = verifyStepUp,
  offersPasskeys = true,
}: {
  /** Sends the code: the member's step-up unless the console passes the operator's. */
  verify?: (body: StepUpBody) => Promise<unknown>;
  offersPasskeys?: boolean;
}) {
  // The API client's wait for this dialog's answer; open while there is one.
  const [waiting, setWaiting] = useState<{ resolve: (accepted: boolean) => void } | null>(null);
  const verifying = useMutation({ mutationFn: verify });
  const { control, handleSubmit, setError, reset } = useForm<
    StepUpBody,
    unknown,
    z.output<typeof stepUpBody>
  >({ resolver: zodResolver(stepUpBody), defaultValues: { code: '' } });

  useEffect(
    () =>
      registerStepUp(
        () =>
          new Promise<boolean>((resolve) => {
            reset({ code: '' });
            setWaiting((previous) => {
              previous?.resolve(false);
              return { resolve };
            });
          }),
      ),
    [reset],
  );
  const finish = (accepted: boolean) => {
    waiting?.resolve(accepted);
    setWaiting(null);
  };
  const close = () => {
    if (!verifying.isPending && !byPasskey.isPending) finish(false);
  };
  const submit = handleSubmit((values) =>
    verifying.mutate(values, {
      onSuccess: () => finish(true),
      onError: (error) => void showFieldReasons(error, setError, ['code']),
    }),
  );
  // A member with passkeys may confirm with one instead of typing a code (decision 0048).
  const factors = useSecondFactor({ enabled: offersPasskeys && waiting !== null }).data;
  const byPasskey = useVerifyStepUpWithPasskey();
  const isPasskeyReady = usePasskeysSupported();
  const isBusy = verifying.isPending || byPasskey.isPending;
  const confirmWithPasskey = () =>
    byPasskey.mutate(undefined, {
      onSuccess: () => finish(true),
      onError: (error) => {
        if (error instanceof PasskeyCancelled) notifyError(error.message);
      },
    });

  return (
    <SecondFactorDialog isOpen={waiting !== null} title="Confirm it is you" onClose={close}>
      <DialogForm
        label="Confirm it is you"
        onSubmit={(event) => void submit(event)}
        submitLabel="Confirm"
        isPending={isBusy}
        onCancel={close}
      >
        <Typography variant="body2">
          Moving money and changing how your account is protected need your second factor again. It
          counts for 5 minutes.
        </Typography>
        {(factors?.passkeys ?? 0) > 0 && isPasskeyReady && (
          <Button
            variant="contained"
            startIcon={<KeyRounded />}
            loading={byPasskey.isPending}
            disabled={verifying.isPending}
            onClick={confirmWithPasskey}
          >
            Use a passkey
          </Button>
        )}
        <SecondFactorCodeField control={control} name="code" autoFocus={!factors?.passkeys} />
      </DialogForm>
    </SecondFactorDialog>
  );
}
