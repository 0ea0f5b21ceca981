import type { DepositView } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useSubmitDepositTxHash } from '../api/submit-deposit-tx-hash.ts';
import {
  txHashFormSchema,
  type TxHashFormInput,
  type TxHashFormValues,
} from '../utils/deposit-form.ts';
import { validationReason } from '../../../lib/validation-reason.ts';

type Props = {
  depositId: string;
  onSaved: (deposit: DepositView) => void;
  /** Shown beside Save, e.g. Cancel in the history's dialog. */
  secondaryAction?: ReactNode;
  /** In the history's dialog the field is all there is to do; on the deposit screen it is not. */
  autoFocus?: boolean;
};

/** The chain transaction hash of a manual deposit's transfer, for the operator to check. */
export function TxHashForm({ depositId, onSaved, secondaryAction, autoFocus = false }: Props) {
  const submitHash = useSubmitDepositTxHash();
  const { control, handleSubmit, setError } = useForm<TxHashFormInput, unknown, TxHashFormValues>({
    resolver: zodResolver(txHashFormSchema),
    defaultValues: { txHash: '' },
  });
  const submit = handleSubmit((body) =>
    submitHash.mutate(
      { depositId, body },
      {
        onSuccess: ({ data }) => {
          notifySuccess('Transaction hash saved; the deposit is credited once it is confirmed');
          onSaved(data);
        },
        onError: (error) => {
          // A hash already in use (409) is about this field too.
          const reason =
            validationReason(error, 'txHash') ??
            (error instanceof ApiError && error.status === 409 ? error.message : undefined);
          if (reason) setError('txHash', { message: reason });
        },
      },
    ),
  );
  return (
    <Stack
      component="form"
      noValidate
      aria-label="Add transaction hash"
      spacing={1.5}
      onSubmit={(event) => void submit(event)}
    >
      <FormTextField
        control={control}
        name="txHash"
        label="Transaction hash"
        autoComplete="off"
        autoFocus={autoFocus}
        helperText="The hash of your USDT transfer (64 hexadecimal characters, with or without 0x)"
        slotProps={{ htmlInput: { spellCheck: false, sx: { fontFamily: 'monospace' } } }}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {secondaryAction}
        <Button type="submit" variant="contained" loading={submitHash.isPending}>
          Save hash
        </Button>
      </Stack>
    </Stack>
  );
}
