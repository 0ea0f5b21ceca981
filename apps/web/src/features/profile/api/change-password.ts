import type { ChangePasswordBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * POST auth/change-password {currentPassword, newPassword, confirmPassword}: every other session
 * of the member ends; this one goes on.
 */
export const changePassword = (body: ChangePasswordBody) =>
  apiClient.post('auth/change-password', body, { schema: z.unknown() });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
