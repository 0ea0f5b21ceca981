import { recoveryCodesBody, type RecoveryCodesBody, type RecoveryCodesData } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import type { UseMutationResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogForm } from '../../../components/dialog-form.tsx';
import { ApiError, type ApiResult } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes.ts';
import { SecondFactorCodeField } from '../../../components/second-factor-code-field.tsx';
import { RecoveryCodesStep } from './recovery-codes-step.tsx';
import { SecondFactorDialog } from './second-factor-dialog.tsx';

type Props = {
  isOpen: boolean;
  onClose: () => void;
  /**
   * False when the member has passkeys but no authenticator app: no code is asked here, and the
   * server's step-up asks for the passkey instead.
   */
  asksForCode?: boolean;
  /** The call that makes them: the member's own unless the console passes the operator's. */
  useRegenerate?: () => UseMutationResult<ApiResult<RecoveryCodesData>, unknown, RecoveryCodesBody>;
};

/**
 * New recovery codes for all the old ones: a code first, then the 10 new codes, shown once
 * (only Done closes the dialog then).
 */
export function NewRecoveryCodesDialog({
  isOpen,
  onClose,
  asksForCode = true,
  useRegenerate = useRegenerateRecoveryCodes,
}: Props) {
  const making = useRegenerate();
  const codes = making.data?.data.recoveryCodes;
  const close = () => {
    if (!making.isPending && !codes) onClose();
  };
  const { control, handleSubmit, setError } = useForm<
    RecoveryCodesBody,
    unknown,
    z.output<typeof recoveryCodesBody>
  >({
    resolver: asksForCode ? zodResolver(recoveryCodesBody) : undefined,
    defaultValues: { code: '' },
  });
  const submit = handleSubmit((values) =>
    making.mutate(asksForCode ? values : {}, {
      onSuccess: ({ message }) =>
        notifySuccess(message || 'New recovery codes made; the earlier ones no longer work'),
      onError: (error) => {
        // 409: two-factor authentication was turned off elsewhere.
        if (error instanceof ApiError && error.status === 409) onClose();
        else showFieldReasons(error, setError, ['code']);
      },
    }),
  );

  return (
    <SecondFactorDialog
      isOpen={isOpen}
      title="New recovery codes"
      step={codes ? 'Save your new recovery codes' : undefined}
      onClose={close}
    >
      {codes ? (
        <RecoveryCodesStep codes={codes} onDone={onClose} />
      ) : (
        <DialogForm
          label="Make new recovery codes"
          onSubmit={(event) => void submit(event)}
          submitLabel="Make new codes"
          isPending={making.isPending}
          onCancel={close}
        >
          <Typography variant="body2">
            Ten new codes replace all of your recovery codes: the ones you have now stop working.
          </Typography>
          {asksForCode && <SecondFactorCodeField control={control} name="code" autoFocus />}
        </DialogForm>
      )}
    </SecondFactorDialog>
  );
}
