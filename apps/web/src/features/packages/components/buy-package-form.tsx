import {
  PACKAGE_FATE,
  parseMoney,
  type PackageView,
  type PurchasedPackageView,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { AmountField } from '../../../components/amount-field.tsx';
import { DialogForm } from '../../../components/dialog-form.tsx';
import { LinkButton } from '../../../components/link-button.tsx';
import { MoneyFateNotice } from '../../../components/money-fate-notice.tsx';
import { paths } from '../../../config/paths.ts';
import { dollarsToMicros } from '../../../lib/money.ts';
import type { BuyPackageMutation } from '../api/buy-package.ts';
import { buyFormSchema, type BuyFormInput, type BuyFormValues } from '../utils/buy-form.ts';
import { formatBound } from '../utils/profit.ts';
import { BuyPreview } from './buy-preview.tsx';
import { BalanceLine } from '../../../components/balance-line.tsx';
import { showFieldReasons } from '../../../lib/validation-reason.ts';

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

  const submit = handleSubmit((values) =>
    buy.mutate(
      { packageId: pkg.id, amount: String(values.amount).trim() },
      {
        onSuccess: ({ data }) => onBought(data),
        onError: (error) => showFieldReasons(error, setError, ['amount']),
      },
    ),
  );

  return (
    <DialogForm
      label={`Buy ${pkg.name}`}
      onSubmit={(event) => void submit(event)}
      submitLabel="Confirm"
      isPending={buy.isPending}
      isSubmitDisabled={isShort}
      onCancel={onCancel}
    >
      <BalanceLine label="Fund wallet" value={fundBalance} ariaLabel="Fund wallet balance" />
      <AmountField
        control={control}
        name="amount"
        autoFocus
        helperText={`Between ${formatBound(pkg.minAmount)} and ${formatBound(pkg.maxAmount)}`}
      />
      <BuyPreview pkg={pkg} amountMicros={amountMicros} />
      <MoneyFateNotice fate={PACKAGE_FATE} label="Before you buy" />
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
    </DialogForm>
  );
}
