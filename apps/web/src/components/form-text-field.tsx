import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

export type FormTextFieldProps<T extends FieldValues, O> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'defaultValue'
> & {
  control: Control<T, unknown, O>;
  name: Path<T>;
  /** Rewrites what was typed before the form stores it (upper-casing, digits only...). */
  transform?: (value: string) => string;
};

/** A text field bound to react-hook-form; the schema's message shows as helper text. */
export function FormTextField<T extends FieldValues, O>({
  control,
  name,
  transform,
  helperText,
  ...props
}: FormTextFieldProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, onBlur }, fieldState: { error } }) => (
        <TextField
          fullWidth
          {...props}
          name={name}
          inputRef={ref}
          value={value ?? ''}
          onChange={(event) =>
            onChange(transform ? transform(event.target.value) : event.target.value)
          }
          onBlur={onBlur}
          error={Boolean(error)}
          helperText={error?.message ?? helperText}
        />
      )}
    />
  );
}
