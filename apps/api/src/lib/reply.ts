import type { SuccessEnvelope } from '@app/contracts';

/** The success envelope (decision 0002). */
export const ok = <T>(data: T, message = 'Success'): SuccessEnvelope<T> => ({
  status: 'success',
  message,
  data,
});
