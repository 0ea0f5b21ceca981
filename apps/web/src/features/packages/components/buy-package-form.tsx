import { parseMoney, type PackageView, type PurchasedPackageView } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { LinkButton } from '../../../components/link-button.tsx';
import { paths } from '../../../config/paths.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency.ts';
import { dollarsToMicros } from '../../../lib/money.ts';
import type { BuyPackageMutation } from '../api/buy-package.ts';
import { buyFormSchema, type BuyFormInput, type BuyFormValues } from '../utils/buy-form.ts';
import { formatBound } from '../utils/profit.ts';
import { BuyPreview } from './buy-preview.tsx';
import { BalanceLine } from '../../../components/balance-line.tsx';
import { validationReason } from '../../../lib/validation-reason.ts';

type Props = {
  pkg: PackageView;
  /** Spendable dollars of the fund wallet; undefined while it loads. */
  fundBalance: number | undefined;
  onCancel: () => void;
  onBought: (purchase: PurchasedPackageView) => void;
  /** Owned by the dialog, which must not close while a purchase is in flight. */
  buy: BuyPackageMutation;
};

/** The amount, a live preview of the profit, the fund balance, and Confirm. */
export function BuyPackageForm({ pkg, fundBalance, onCancel, onBought, buy }: Props) {
  const schema = useMemo(() => buyFormSchema(pkg), [pkg]);
  const { control, handleSubmit, setError } = useForm<BuyFormInput, unknown, BuyFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '' },
  });
  const amount = useWatch({ control, name: 'amount' });
  const amountMicros = useMemo(() => {
    const valid = schema.shape.amount.safeParse(amount);
    const parsed = valid.success ? parseMoney(valid.data) : null;
    return parsed?.ok ? parsed.micros : null;
  }, [schema, amount]);
  const isShort =
    fundBalance !== undefined &&
    amountMicros !== null &&
    amountMicros > dollarsToMicros(fundBalance);

  const idempotency = useIdempotencyKeys();
  const submit = handleSubmit((values) => {
    const body = { packageId: pkg.id, amount: String(values.amount).trim() };
    buy.mutate(
      { body, idempotencyKey: idempotency.keyFor(JSON.stringify(body)) },
      {
        onSuccess: ({ data }) => {
          idempotency.settle();
          onBought(data);
        },
        onError: (error) => {
          idempotency.settle(error);
          const reason = validationReason(error, 'amount');
          if (reason) setError('amount', { message: reason });
        },
      },
    );
  });

  return (
    <Stack
      component="form"
      noValidate
      aria-label={`Buy ${pkg.name}`}
      onSubmit={(event) => void submit(event)}
      sx={{ minHeight: 0 }}
    >
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2.5}>
          <BalanceLine label="Fund wallet" value={fundBalance} ariaLabel="Fund wallet balance" />
          <FormTextField
            control={control}
            name="amount"
            label="Amount"
            autoFocus
            autoComplete="off"
            helperText={`Between ${formatBound(pkg.minAmount)} and ${formatBound(pkg.maxAmount)}`}
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            }}
          />
          <BuyPreview pkg={pkg} amountMicros={amountMicros} />
          {isShort && (
            <Alert
              severity="warning"
              variant="outlined"
              action={
                <LinkButton to={paths.deposits} color="inherit" size="small">
                  Deposit
                </LinkButton>
              }
            >
              Your fund wallet does not hold this amount.
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} disabled={buy.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={buy.isPending} disabled={isShort}>
          Confirm
        </Button>
      </DialogActions>
    </Stack>
  );
}
