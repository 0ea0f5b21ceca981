import { usdtNetwork } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { EmailCodeStep } from '../../../components/email-code-step.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { SendCodeButton } from '../../../components/send-code-button.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { showFieldReasons, validationReason } from '../../../lib/validation-reason.ts';
import { useSendAddressCode } from '../api/send-address-code.ts';
import { useUpdateAddress } from '../api/update-address.ts';
import {
  addressForm,
  type AddressFormInput,
  type AddressFormOutput,
} from '../utils/address-form.ts';
import { AddressText } from './address-text.tsx';

type Props = {
  /** Called once the address is saved. */
  onSaved: () => void;
  /** Offered when there is a saved address to go back to. */
  onCancel?: () => void;
};

/**
 * Setting the payout address: the address (checked as the server checks it), a code mailed
 * for exactly that address, then the code to save it.
 */
export function PayoutAddressForm({ onSaved, onCancel }: Props) {
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const sender = useSendAddressCode();
  const saving = useUpdateAddress();
  const { control, handleSubmit, setError } = useForm<AddressFormInput, unknown, AddressFormOutput>(
    { resolver: zodResolver(addressForm), defaultValues: { address: '' } },
  );

  const send = (address: string) =>
    sender.send(address, {
      onSent: () => setCodeFor(address),
      onRefused: (error) => showFieldReasons(error, setError, ['address']),
    });

  if (codeFor) {
    const save = (otp: string, fail: (reason: string) => void) =>
      saving.mutate(
        { address: codeFor, otp },
        {
          onSuccess: ({ message }) => {
            notifySuccess(message || 'Payout address saved');
            onSaved();
          },
          onError: (error) => {
            const reason = validationReason(error, 'otp');
            if (reason) fail(reason);
          },
        },
      );
    return (
      <EmailCodeStep
        label="Confirm payout address"
        summary={
          <Stack spacing={0.5}>
            <Typography variant="body2" color="text.secondary">
              Enter the code we emailed you to save this {usdtNetwork(codeFor)} address:
            </Typography>
            <AddressText address={codeFor} />
          </Stack>
        }
        confirmLabel="Save address"
        confirming={saving.isPending}
        onConfirm={save}
        resend={{ onClick: () => send(codeFor), sender }}
        backLabel="Change address"
        onBack={() => setCodeFor(null)}
      />
    );
  }

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-label="Set payout address"
      onSubmit={(event) => void handleSubmit(({ address }) => send(address))(event)}
    >
      <FormTextField
        control={control}
        name="address"
        label="USDT address"
        autoComplete="off"
        helperText="TRC-20 (starts with T) or BEP-20 (starts with 0x)"
        slotProps={{ htmlInput: { spellCheck: false, sx: { fontFamily: 'monospace' } } }}
      />
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <SendCodeButton label="Send code" sender={sender} type="submit" variant="contained" />
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </Stack>
    </Stack>
  );
}
