import type { ForgotPasswordBody } from '@app/contracts';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { useCodeSender } from '../../../lib/use-code-sender.ts';

/**
 * POST auth/forgot-password (no auth): mails a password-reset code to the member with this
 * Registered ID or email. The answer is the same whether or not there is one.
 */
export const forgotPassword = (loginId: ForgotPasswordBody['loginId']) =>
  apiClient.post('auth/forgot-password', { loginId }, { schema: z.unknown(), auth: false });

export const useSendResetCode = () => useCodeSender(forgotPassword);
