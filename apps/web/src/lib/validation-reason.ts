import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * The server's reason for one field of a refused request, to show on that field: the toast
 * already says it, the field says it where the member is looking.
 */
export const validationReason = (error: unknown, field: string): string | undefined =>
  error instanceof ApiError
    ? error.validation.find((result) => result.field === field)?.reason
    : undefined;

/** Puts the server's reasons on the form's fields it names; says whether there was any. */
export function showFieldReasons<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  let isShown = false;
  for (const field of fields) {
    const reason = validationReason(error, field);
    if (reason) {
      setError(field, { message: reason });
      isShown = true;
    }
  }
  return isShown;
}

/**
 * A refused second step of a sign-in (a member's or an operator's): the reason on the code's
 * field, or back to the password step when the sign-in ended (401: expired, or its codes used up).
 */
export function refuseSecondStep<T extends FieldValues & { code: unknown }>(
  error: unknown,
  setError: UseFormSetError<T>,
  onRestart: () => void,
): void {
  if (showFieldReasons(error, setError, ['code' as Path<T>])) return;
  if (error instanceof ApiError && error.status === 401) onRestart();
}
