import type { Control, FieldValues, Path } from 'react-hook-form';
import { PasswordField } from './password-field.tsx';

/** A form with a new password and its confirmation (the password change, the reset). */
type WithNewPassword = FieldValues & { newPassword: string; confirmPassword: string };

/** The new password and the same again, under the registration's rule (8 to 128 characters). */
export function NewPasswordFields<T extends WithNewPassword, O>({
  control,
}: {
  control: Control<T, unknown, O>;
}) {
  return (
    <>
      <PasswordField
        control={control}
        name={'newPassword' as Path<T>}
        label="New password"
        autoComplete="new-password"
        helperText="8 to 128 characters; a long phrase is easy to remember and hard to guess"
      />
      <PasswordField
        control={control}
        name={'confirmPassword' as Path<T>}
        label="Confirm password"
        autoComplete="new-password"
      />
    </>
  );
}
