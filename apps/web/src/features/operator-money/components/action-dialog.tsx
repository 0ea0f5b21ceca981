import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { DialogForm } from '../../../components/dialog-form.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { validationReason } from '../../../lib/validation-reason.ts';

export type ActionField = {
  /** The body's key, e.g. 'reason'; the server names it in a 422. */
  name: string;
  label: string;
  helperText?: string;
  multiline?: boolean;
  isMonospace?: boolean;
};

type Props<S extends z.ZodType> = {
  isOpen: boolean;
  title: string;
  /** What will happen, in words: the amount, the member, that it cannot be undone. */
  description: ReactNode;
  confirmLabel: string;
  /** The one field the action needs (a reason, a hash), or none for a plain confirmation. */
  field?: ActionField;
  /** What the field's value leads to, shown under it as it is typed (a hash's explorer link). */
  fieldPreview?: (value: string) => ReactNode;
  /** The request body's contract, checked before sending so a missing reason says so here. */
  schema: S;
  isPending: boolean;
  onConfirm: (body: z.output<S>) => Promise<unknown>;
  onClose: () => void;
};

/**
 * The confirmation every money decision goes through. A 422 puts the server's reason on the
 * field; any other refusal (a 409: someone else acted first) has been toasted by the API
 * client, so the dialog closes and the refreshed item shows what happened.
 */
export function ActionDialog<S extends z.ZodType>({
  isOpen,
  title,
  description,
  confirmLabel,
  field,
  fieldPreview,
  schema,
  isPending,
  onConfirm,
  onClose,
}: Props<S>) {
  const titleId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setValue('');
    setError(undefined);
    onClose();
  };

  const submit = async () => {
    const parsed = schema.safeParse(field ? { [field.name]: value } : {});
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await onConfirm(parsed.data);
      close();
    } catch (failure) {
      const reason = field ? validationReason(failure, field.name) : undefined;
      if (reason) setError(reason);
      else if (failure instanceof ApiError) close();
    }
  };

  return (
    <Dialog
      open={isOpen}
      onClose={isPending ? undefined : close}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogForm
        label={title}
        submitLabel={confirmLabel}
        isPending={isPending}
        onCancel={close}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Typography variant="body2" color="text.secondary" component="div">
          {description}
        </Typography>
        {field && (
          <TextField
            label={field.label}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(undefined);
            }}
            error={Boolean(error)}
            helperText={error ?? field.helperText}
            multiline={field.multiline}
            minRows={field.multiline ? 3 : undefined}
            autoFocus
            required
            fullWidth
            slotProps={{
              htmlInput: {
                spellCheck: !field.isMonospace,
                sx: field.isMonospace ? { fontFamily: 'monospace' } : undefined,
              },
            }}
          />
        )}
        {field && fieldPreview?.(value)}
      </DialogForm>
    </Dialog>
  );
}
