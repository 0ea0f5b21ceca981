import {
  ADJUSTMENT_DIRECTIONS,
  ADJUSTMENT_WALLETS,
  adjustmentLabels,
  proposeAdjustmentBody,
  walletLabels,
  type ProposeAdjustmentBody,
} from '@app/contracts';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { DialogForm } from '../../../components/dialog-form.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useProposeAdjustment } from '../api/adjustments.ts';

type Field = keyof ProposeAdjustmentBody;
type Values = Record<Field, string>;
const FIELDS: Field[] = ['memberCode', 'wallet', 'direction', 'amount', 'reason', 'reference'];
const directionLabels = { credit: 'Credit (add money)', debit: 'Debit (take money)' } as const;

const blank = (memberCode: string): Values => ({
  memberCode,
  wallet: 'fund',
  direction: 'credit',
  amount: '',
  reason: '',
  reference: '',
});

type Props = { isOpen: boolean; memberCode: string; onClose: () => void };

/**
 * A correction of one member's wallet, proposed for another operator to approve; nothing moves
 * until then. The fields are checked by the request's own contract before sending, and a
 * refusal's reasons (an unknown Registered ID) land on their fields.
 */
export function ProposeAdjustmentDialog({ isOpen, memberCode, onClose }: Props) {
  const titleId = useId();
  const propose = useProposeAdjustment();
  const [values, setValues] = useState<Values>(() => blank(memberCode));
  const [errors, setErrors] = useState<Partial<Values>>({});

  const close = () => {
    setValues(blank(''));
    setErrors({});
    onClose();
  };
  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async () => {
    const parsed = proposeAdjustmentBody.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Values> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    try {
      await propose.mutateAsync(parsed.data);
      close();
    } catch (failure) {
      if (!(failure instanceof ApiError)) return;
      const found: Partial<Values> = {};
      for (const result of failure.validation)
        if (FIELDS.includes(result.field as Field)) found[result.field as Field] = result.reason;
      setErrors(found);
    }
  };

  const text = (field: Field, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={adjustmentLabels[field]}
      value={values[field]}
      onChange={set(field)}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? extra.helperText}
      required
      fullWidth
      {...extra}
    />
  );

  return (
    <Dialog
      open={isOpen}
      onClose={propose.isPending ? undefined : close}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>Propose adjustment</DialogTitle>
      <DialogForm
        label="Propose adjustment"
        submitLabel="Propose"
        isPending={propose.isPending}
        onCancel={close}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Typography variant="body2" color="text.secondary">
          Nothing moves until another operator approves it.
        </Typography>
        {text('memberCode', {
          autoFocus: !memberCode,
          slotProps: { htmlInput: { autoCapitalize: 'characters', spellCheck: false } },
        })}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('wallet', {
            select: true,
            children: ADJUSTMENT_WALLETS.map((wallet) => (
              <MenuItem key={wallet} value={wallet}>
                {walletLabels[wallet]}
              </MenuItem>
            )),
          })}
          {text('direction', {
            select: true,
            children: ADJUSTMENT_DIRECTIONS.map((direction) => (
              <MenuItem key={direction} value={direction}>
                {directionLabels[direction]}
              </MenuItem>
            )),
          })}
        </Stack>
        {text('amount', {
          autoFocus: Boolean(memberCode),
          helperText: 'In dollars, e.g. 25.50',
          slotProps: { htmlInput: { inputMode: 'decimal' } },
        })}
        {text('reason', {
          multiline: true,
          minRows: 2,
          helperText: 'What the member reads (5–500 characters)',
        })}
        {text('reference', { helperText: 'A ticket number, a gateway payment id…' })}
      </DialogForm>
    </Dialog>
  );
}
