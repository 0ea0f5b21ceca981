import {
  formatDollars,
  formatMoney,
  type CreateDepositData,
  type DepositProvider,
  type DepositProvidersData,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { Controller, useForm } from 'react-hook-form';
import { AmountField } from '../../../components/amount-field.tsx';
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
import { showFieldReasons } from '../../../lib/validation-reason.ts';

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

  const submit = handleSubmit((values) =>
    create.mutate(
      { provider: values.provider, amount: String(values.amount).trim() },
      {
        onSuccess: ({ data }) => {
          const amount = formatMoney(data.amount, 'amount');
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
        onError: (error) => showFieldReasons(error, setError, formFields),
      },
    ),
  );

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
        <AmountField
          control={control}
          name="amount"
          helperText={`At least ${formatDollars(dollarsToMicros(options.minimumAmount))}, in US dollars (USDT)`}
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
