import {
  formatDollars,
  type CreateDepositData,
  type DepositProvider,
  type DepositProvidersData,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { Controller, useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { formatUsdAmount } from '../../../lib/format.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency.ts';
import { dollarsToMicros } from '../../../lib/money.ts';
import { notifyError, notifySuccess } from '../../../lib/toast.ts';
import { useCreateDeposit } from '../api/create-deposit.ts';
import {
  depositFormSchema,
  type DepositFormInput,
  type DepositFormValues,
} from '../utils/deposit-form.ts';
import { redirectToPaymentPage } from '../utils/redirect.ts';
import { ProviderChoice } from './provider-choice.tsx';
import { validationReason } from '../../../lib/validation-reason.ts';

type Props = {
  options: DepositProvidersData;
  /** The choice at first: the first provider the server offers. */
  defaultProvider: DepositProvider;
  /** A manual deposit was created: show where to send the USDT. */
  onManualCreated: (created: CreateDepositData) => void;
};

const formFields = ['amount', 'provider'] as const;

/** Provider (when there is a choice) and amount; the gateway sends the browser to its page. */
export function DepositForm({ options, defaultProvider, onManualCreated }: Props) {
  const create = useCreateDeposit();
  const { control, handleSubmit, setError } = useForm<DepositFormInput, unknown, DepositFormValues>(
    {
      resolver: zodResolver(depositFormSchema),
      defaultValues: { provider: defaultProvider, amount: '' },
    },
  );

  const idempotency = useIdempotencyKeys();
  const submit = handleSubmit((values) => {
    const body = { provider: values.provider, amount: String(values.amount).trim() };
    create.mutate(
      { body, idempotencyKey: idempotency.keyFor(JSON.stringify(body)) },
      {
        onSuccess: ({ data }) => {
          idempotency.settle();
          const amount = formatUsdAmount(data.amount);
          if (data.payment_url) {
            if (redirectToPaymentPage(data.payment_url))
              notifySuccess(`Deposit of ${amount} created; taking you to the payment page`);
            else notifyError('The payment page address is not valid; please try again later');
            return;
          }
          if (data.instructions) {
            notifySuccess(`Deposit of ${amount} created; send the USDT to the address shown`);
            onManualCreated(data);
          }
        },
        onError: (error) => {
          idempotency.settle(error);
          for (const field of formFields) {
            const reason = validationReason(error, field);
            if (reason) setError(field, { message: reason });
          }
        },
      },
    );
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <Stack
        component="form"
        noValidate
        aria-label="Deposit"
        spacing={2.5}
        onSubmit={(event) => void submit(event)}
      >
        <Controller
          control={control}
          name="provider"
          render={({ field, fieldState }) => (
            <ProviderChoice
              providers={options.providers}
              network={options.manual?.network}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <FormTextField
          control={control}
          name="amount"
          label="Amount"
          autoComplete="off"
          helperText={`At least ${formatDollars(dollarsToMicros(options.minimumAmount))}, in US dollars (USDT)`}
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={create.isPending}
          sx={{ alignSelf: { sm: 'flex-start' } }}
        >
          Continue
        </Button>
      </Stack>
    </Paper>
  );
}
