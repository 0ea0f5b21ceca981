import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './form-text-field.tsx';

/** The API's codes are six digits (OTP_PATTERN). */
export const OTP_LENGTH = 6;
const keepDigits = (value: string) => value.replace(/\D/g, '').slice(0, OTP_LENGTH);

type Props<T extends FieldValues, O> = Omit<
  FormTextFieldProps<T, O>,
  'transform' | 'slotProps' | 'autoComplete'
>;

/** A 6-digit email code: digits only as typed, the phone's number pad, the code spaced out. */
export function OtpField<T extends FieldValues, O>(props: Props<T, O>) {
  return (
    <FormTextField
      {...props}
      autoComplete="one-time-code"
      transform={keepDigits}
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          maxLength: OTP_LENGTH,
          pattern: '[0-9]*',
          sx: { letterSpacing: '0.3em' },
        },
      }}
    />
  );
}
