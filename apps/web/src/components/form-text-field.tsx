import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type HTMLInputTypeAttribute, type ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

export type FormTextFieldProps<T extends FieldValues, O> = Omit<
  FormControlProps,
  'children' | 'error' | 'onChange' | 'onBlur' | 'defaultValue'
> & {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: ReactNode;
  helperText?: ReactNode;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  /** As on material-ui's TextField: the outlined input, the <input> itself, the helper text. */
  slotProps?: {
    input?: Partial<OutlinedInputProps>;
    htmlInput?: InputBaseComponentProps;
    formHelperText?: Partial<FormHelperTextProps>;
  };
  /** Rewrites what was typed before the form stores it (upper-casing, digits only...). */
  transform?: (value: string) => string;
};

/**
 * A text field bound to react-hook-form; the schema's message shows as helper text.
 * Built from the parts material-ui's TextField puts together (label, outlined input, helper
 * text) without TextField itself, which always brings its select menu, popover and modal:
 * the sign-in screen's first load is smaller by those.
 */
export function FormTextField<T extends FieldValues, O>({
  control,
  name,
  label,
  helperText,
  type,
  autoComplete,
  autoFocus,
  placeholder,
  slotProps,
  transform,
  id: idOverride,
  fullWidth = true,
  ...formControlProps
}: FormTextFieldProps<T, O>) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = `${id}-helper-text`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, onBlur }, fieldState: { error } }) => {
        const message = error?.message ?? helperText;
        return (
          <FormControl fullWidth={fullWidth} error={Boolean(error)} {...formControlProps}>
            <InputLabel htmlFor={id} id={`${id}-label`}>
              {label}
            </InputLabel>
            <OutlinedInput
              id={id}
              name={name}
              label={label}
              type={type}
              autoComplete={autoComplete}
              autoFocus={autoFocus}
              placeholder={placeholder}
              fullWidth={fullWidth}
              inputRef={ref}
              value={value ?? ''}
              onChange={(event) =>
                onChange(transform ? transform(event.target.value) : event.target.value)
              }
              onBlur={onBlur}
              aria-describedby={message ? helperTextId : undefined}
              inputProps={slotProps?.htmlInput}
              {...slotProps?.input}
            />
            {message && (
              <FormHelperText id={helperTextId} {...slotProps?.formHelperText}>
                {message}
              </FormHelperText>
            )}
          </FormControl>
        );
      }}
    />
  );
}
