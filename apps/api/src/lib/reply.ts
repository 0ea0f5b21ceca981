import type { SuccessEnvelope } from '@app/contracts';

/** The success envelope of API.md. */
export const ok = <T>(data: T, message = 'Success'): SuccessEnvelope<T> => ({
  status: 'success',
  message,
  data,
});
