import {
  formatDollars,
  microsToDecimalString,
  walletLabels,
  WITHDRAWAL_DAILY_MAX_MICROS,
  WITHDRAWAL_MIN_MICROS,
  type WithdrawalView,
  type WithdrawalWallet,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { EmailCodeStep } from '../../../components/email-code-step.tsx';
import { AmountField } from '../../../components/amount-field.tsx';
import { SendCodeButton } from '../../../components/send-code-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { shortenMiddle } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { showFieldReasons, validationReason } from '../../../lib/validation-reason.ts';
import { useRequestWithdrawal } from '../api/request-withdrawal.ts';
import { useSendWithdrawalCode, type WithdrawalCodeFor } from '../api/send-withdrawal-code.ts';
import {
  maxWithdrawal,
  previewFee,
  withdrawalFormSchema,
  type AvailableMicros,
  type WithdrawalFormInput,
  type WithdrawalFormValues,
} from '../utils/withdrawal-form.ts';
import { FeeSummary } from './fee-summary.tsx';
import { WalletChoice } from './wallet-choice.tsx';

type Props = {
  available: AvailableMicros;
  /** The saved payout address; null when there is none yet, undefined while it loads. */
  address: string | null | undefined;
  defaultWallet: WithdrawalWallet;
  /** Withdrawals are paused after a security change: no code is mailed for one to be refused. */
  isHeld: boolean;
  onRequested: (withdrawal: WithdrawalView) => void;
};

/**
 * Wallet and amount with the fee and net as they are typed, then an email code bound to that
 * wallet, amount and the saved address, then the request.
 */
export function WithdrawalForm({ available, address, defaultWallet, isHeld, onRequested }: Props) {
  const schema = useMemo(() => withdrawalFormSchema(available), [available]);
  const { control, handleSubmit, setError, setValue } = useForm<
    WithdrawalFormInput,
    unknown,
    WithdrawalFormValues
  >({ resolver: zodResolver(schema), defaultValues: { wallet: defaultWallet, amount: '' } });
  const [wallet, amount] = useWatch({ control, name: ['wallet', 'amount'] });
  const preview = useMemo(() => previewFee(String(amount ?? '')), [amount]);
  const balance = available[wallet];

  // A code is bound to the address too: once the address changes, the code sent is no good.
  const [sentFor, setSentFor] = useState<(WithdrawalCodeFor & { address: string }) | null>(null);
  const codeFor = sentFor && sentFor.address === address ? sentFor : null;
  const setCodeFor = (request: WithdrawalCodeFor | null) =>
    setSentFor(request && address ? { ...request, address } : null);
  const sender = useSendWithdrawalCode();
  const requesting = useRequestWithdrawal();

  const send = (request: WithdrawalCodeFor) =>
    sender.send(request, {
      onSent: () => setCodeFor(request),
      onRefused: (error) => showFieldReasons(error, setError, ['amount']),
    });

  if (codeFor) {
    const confirm = (otp: string, fail: (reason: string) => void) => {
      requesting.mutate(
        { wallet: codeFor.wallet, amount: codeFor.amount, otp },
        {
          onSuccess: ({ data, message }) => {
            notifySuccess(message || 'Withdrawal requested');
            onRequested(data);
          },
          onError: (error) => {
            const otpReason = validationReason(error, 'otp');
            if (otpReason) return fail(otpReason);
            // A hold began after the code was sent (the toast says until when): back to the
            // form, where the hold, read again, says so and keeps a new code from being sent.
            if (error instanceof ApiError && error.code === 'WITHDRAWALS_ON_HOLD')
              return setCodeFor(null);
            // The amount no longer fits (spent meanwhile, today's cap): back to change it.
            if (validationReason(error, 'amount')) setCodeFor(null);
            showFieldReasons(error, setError, ['amount']);
          },
        },
      );
    };
    return (
      <EmailCodeStep
        label="Confirm withdrawal"
        summary={
          <FeeSummary
            label="Withdrawal to confirm"
            preview={previewFee(codeFor.amount)}
            before={[
              { label: 'From', value: `${walletLabels[codeFor.wallet]} wallet` },
              { label: 'To', value: shortenMiddle(codeFor.address, 8, 6) },
            ]}
          />
        }
        confirmLabel="Confirm withdrawal"
        confirming={requesting.isPending}
        onConfirm={confirm}
        resend={{ onClick: () => send(codeFor), sender }}
        backLabel="Change amount"
        onBack={() => setCodeFor(null)}
      />
    );
  }

  const submit = handleSubmit(({ wallet: from, amount: value }) =>
    send({ wallet: from, amount: String(value).trim() }),
  );
  const fillMax = () =>
    balance !== undefined &&
    setValue('amount', microsToDecimalString(maxWithdrawal(balance)), { shouldValidate: true });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      aria-label="Withdrawal"
      onSubmit={(event) => void submit(event)}
    >
      <Controller
        control={control}
        name="wallet"
        render={({ field }) => (
          <WalletChoice value={field.value} available={available} onChange={field.onChange} />
        )}
      />
      <AmountField
        control={control}
        name="amount"
        helperText={`At least ${formatDollars(WITHDRAWAL_MIN_MICROS)}, at most what the wallet has and ${formatDollars(WITHDRAWAL_DAILY_MAX_MICROS)} a day`}
        max={{
          onClick: fillMax,
          isDisabled: !balance,
          ariaLabel: 'Max: withdraw the most allowed',
        }}
      />
      <FeeSummary preview={preview} />
      {address === null && (
        <Alert severity="info" variant="outlined">
          Save a payout address first: withdrawals are paid to it.
        </Alert>
      )}
      <SendCodeButton
        label="Send code"
        sender={sender}
        type="submit"
        variant="contained"
        size="large"
        disabled={!address || isHeld}
      />
    </Stack>
  );
}
