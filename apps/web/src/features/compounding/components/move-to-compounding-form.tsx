import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useIdempotencyKeys } from '../../../lib/idempotency.ts';
import { dollarsToMicros } from '../../../lib/money.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { formatUsdAmount } from '../../../lib/format.ts';
import type { MoveToCompoundingMutation } from '../api/move-to-compounding.ts';
import { moveFormSchema, type MoveFormInput, type MoveFormValues } from '../utils/move-form.ts';
import { BalanceLine } from '../../../components/balance-line.tsx';
import { validationReason } from '../../../lib/validation-reason.ts';

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

  const idempotency = useIdempotencyKeys();
  const submit = handleSubmit((values) => {
    const body = { amount: String(values.amount).trim() };
    move.mutate(
      { body, idempotencyKey: idempotency.keyFor(JSON.stringify(body)) },
      {
        onSuccess: ({ data }) => {
          idempotency.settle();
          notifySuccess(`${formatUsdAmount(data.amount)} moved to your compounding wallet`);
          onMoved();
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
      aria-label="Move to compounding"
      onSubmit={(event) => void submit(event)}
    >
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2.5}>
          <BalanceLine label="Profit wallet available" value={profitAvailable} />
          <FormTextField
            control={control}
            name="amount"
            label="Amount"
            autoFocus
            autoComplete="off"
            helperText="At least $10"
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: {
                startAdornment: <InputAdornment position="start">$</InputAdornment>,
                endAdornment: (
                  <InputAdornment position="end">
                    <Button
                      size="small"
                      disabled={!profitAvailable}
                      onClick={() =>
                        setValue('amount', String(profitAvailable), { shouldValidate: true })
                      }
                    >
                      Max
                    </Button>
                  </InputAdornment>
                ),
              },
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} disabled={move.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={move.isPending}>
          Move
        </Button>
      </DialogActions>
    </Stack>
  );
}
