import { formatMoney } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { AmountField } from '../../../components/amount-field.tsx';
import { DialogForm } from '../../../components/dialog-form.tsx';
import { dollarsToMicros } from '../../../lib/money.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import type { MoveToCompoundingMutation } from '../api/move-to-compounding.ts';
import { moveFormSchema, type MoveFormInput, type MoveFormValues } from '../utils/move-form.ts';
import { BalanceLine } from '../../../components/balance-line.tsx';
import { showFieldReasons } from '../../../lib/validation-reason.ts';

type Props = {
  /** The profit wallet's available dollars; undefined while it loads. */
  profitAvailable: number | undefined;
  onCancel: () => void;
  onMoved: () => void;
  /** Owned by the dialog, which must not close while a move is in flight. */
  move: MoveToCompoundingMutation;
};

/** The amount (with Max), the profit wallet's available balance, and Move. */
export function MoveToCompoundingForm({ profitAvailable, onCancel, onMoved, move }: Props) {
  const available = profitAvailable === undefined ? undefined : dollarsToMicros(profitAvailable);
  const schema = useMemo(() => moveFormSchema(available), [available]);
  const { control, handleSubmit, setError, setValue } = useForm<
    MoveFormInput,
    unknown,
    MoveFormValues
  >({ resolver: zodResolver(schema), defaultValues: { amount: '' } });

  const submit = handleSubmit((values) =>
    move.mutate(
      { amount: String(values.amount).trim() },
      {
        onSuccess: ({ data }) => {
          notifySuccess(`${formatMoney(data.amount, 'amount')} moved to your compounding wallet`);
          onMoved();
        },
        onError: (error) => showFieldReasons(error, setError, ['amount']),
      },
    ),
  );

  return (
    <DialogForm
      label="Move to compounding"
      onSubmit={(event) => void submit(event)}
      submitLabel="Move"
      isPending={move.isPending}
      onCancel={onCancel}
    >
      <BalanceLine label="Profit wallet available" value={profitAvailable} />
      <AmountField
        control={control}
        name="amount"
        autoFocus
        helperText="At least $10"
        max={{
          onClick: () => setValue('amount', String(profitAvailable), { shouldValidate: true }),
          isDisabled: !profitAvailable,
        }}
      />
    </DialogForm>
  );
}
