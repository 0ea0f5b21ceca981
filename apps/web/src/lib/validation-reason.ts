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
