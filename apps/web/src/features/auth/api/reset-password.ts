import type { ResetPasswordBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

/** POST auth/reset-password (no auth): the mailed code and the new password; every session ends. */
export const resetPassword = (body: ResetPasswordBody) =>
  apiClient.post('auth/reset-password', body, { schema: z.unknown(), auth: false });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
