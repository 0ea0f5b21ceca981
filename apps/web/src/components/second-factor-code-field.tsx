import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './form-text-field.tsx';

type Props<T extends FieldValues, O> = Omit<
  FormTextFieldProps<T, O>,
  'label' | 'helperText' | 'transform' | 'slotProps' | 'autoComplete'
>;

/**
 * A code that proves a member (or an operator) holds the second factor: the app's 6 digits or a
 * recovery code (letters and digits, so no number pad); upper-cased as typed, spaces and the hyphen
 * ignored by the schema.
 */
export function SecondFactorCodeField<T extends FieldValues, O>(props: Props<T, O>) {
  return (
    <FormTextField
      {...props}
      label="Code"
      helperText="The 6 digits your authenticator app shows, or one of your recovery codes"
      autoComplete="one-time-code"
      transform={(value) => value.toUpperCase()}
      slotProps={{
        htmlInput: {
          maxLength: 16,
          spellCheck: false,
          autoCapitalize: 'characters',
          sx: { fontFamily: 'monospace', letterSpacing: '0.1em' },
        },
      }}
    />
  );
}
