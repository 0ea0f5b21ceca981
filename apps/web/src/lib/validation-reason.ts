import { ApiError } from './api-client.ts';

/**
 * The server's reason for one field of a refused request, to show on that field: the toast
 * already says it, the field says it where the member is looking.
 */
export const validationReason = (error: unknown, field: string): string | undefined =>
  error instanceof ApiError
    ? error.validation.find((result) => result.field === field)?.reason
    : undefined;
