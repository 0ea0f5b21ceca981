import {
  accountClosureBody,
  accountClosureLabels,
  formatMoney,
  type AccountClosureBody,
  type ClosurePackages,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogForm } from '../../../components/dialog-form.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { showFieldReasons } from '../../../lib/validation-reason.ts';
import { useRequestAccountClosure } from '../api/account-closure.ts';

type Values = z.output<typeof accountClosureBody>;
type Props = {
  isOpen: boolean;
  onClose: () => void;
  packages: ClosurePackages;
  retentionDays: number;
};

/**
 * The second look before asking to close the account (decision 0060): what happens, in plain
 * words, that it cannot be undone once an operator confirms it, the profit of active packages
 * given up (the member ticks it), and the password typed again.
 */
export function CloseAccountDialog({ isOpen, onClose, packages, retentionDays }: Props) {
  const titleId = useId();
  const request = useRequestAccountClosure();
  const hasPackages = packages.active > 0;
  const { control, handleSubmit, setError, reset } = useForm<AccountClosureBody, unknown, Values>({
    resolver: zodResolver(accountClosureBody),
    defaultValues: { password: '', givesUpPackages: false },
  });
  const dismiss = () => {
    reset();
    onClose();
  };
  const close = () => {
    if (!request.isPending) dismiss();
  };
  const submit = handleSubmit((values) => {
    // Checked here first: the server refuses the same, with the amount.
    if (hasPackages && !values.givesUpPackages) {
      setError('givesUpPackages', {
        message: 'Tick this to give up that profit, or keep your account until they end',
      });
      return;
    }
    request.mutate(values, {
      onSuccess: ({ message }) => {
        notifySuccess(message || 'Your request is received');
        dismiss();
      },
      onError: (error) => {
        // A refusal for money left or a request open is toasted; the card then lists it.
        if (!showFieldReasons(error, setError, ['password', 'givesUpPackages'])) dismiss();
      },
    });
  });
  return (
    <Dialog open={isOpen} onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Close your account?</DialogTitle>
      <DialogForm
        label="Close your account"
        onSubmit={(event) => void submit(event)}
        submitLabel="Ask to close my account"
        tone="error"
        isPending={request.isPending}
        onCancel={close}
      >
        <Typography component="ul" variant="body2" sx={{ pl: 2.5, my: 0, '& li + li': { mt: 1 } }}>
          <li>
            An operator confirms your request. Until then your account works as before, and you can
            cancel the request here.
          </li>
          <li>
            <strong>Once it is confirmed, you can no longer sign in. This cannot be undone.</strong>
          </li>
          <li>
            {retentionDays} days later we erase your personal data: your name, email address, mobile
            number, payout address, identity documents and the images you sent to support.
          </li>
          <li>
            Your deposits, withdrawals, packages and incomes stay in our books under your Registered
            ID, without your name, and your place in your team stays.
          </li>
          <li>If you want a copy of your data, download it first from “Your data”.</li>
        </Typography>
        {hasPackages && (
          <Alert severity="warning" variant="outlined">
            {packages.active === 1
              ? 'Your active package has '
              : `Your ${packages.active} active packages have `}
            {formatMoney(packages.remainingProfit, 'amount')} of profit still to pay. A closed
            account claims nothing: closing gives it up.
          </Alert>
        )}
        {hasPackages && (
          <Controller
            control={control}
            name="givesUpPackages"
            render={({ field, fieldState }) => (
              <div>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={Boolean(field.value)}
                      onChange={(_, checked) => field.onChange(checked)}
                    />
                  }
                  label={accountClosureLabels.givesUpPackages}
                />
                {fieldState.error && (
                  <FormHelperText error>{fieldState.error.message}</FormHelperText>
                )}
              </div>
            )}
          />
        )}
        <PasswordField
          control={control}
          name="password"
          label="Your password"
          autoComplete="current-password"
        />
      </DialogForm>
    </Dialog>
  );
}
