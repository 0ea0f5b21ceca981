import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './form-text-field.tsx';

type Props<T extends FieldValues, O> = Omit<FormTextFieldProps<T, O>, 'label' | 'slotProps'> & {
  /** A Max button that fills in the most allowed; its name says what it does when given. */
  max?: { onClick: () => void; isDisabled: boolean; ariaLabel?: string };
};

/** The dollar amount of a money form: `$` before it, a decimal keypad on phones, Max if offered. */
export function AmountField<T extends FieldValues, O>({ max, ...props }: Props<T, O>) {
  return (
    <FormTextField
      {...props}
      label="Amount"
      autoComplete="off"
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: {
          startAdornment: <InputAdornment position="start">$</InputAdornment>,
          endAdornment: max && (
            <InputAdornment position="end">
              <Button
                size="small"
                onClick={max.onClick}
                disabled={max.isDisabled}
                aria-label={max.ariaLabel}
              >
                Max
              </Button>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
