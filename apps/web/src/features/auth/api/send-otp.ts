import type { OtpPurpose } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

/** GET auth/send-otp (auth): mails a fresh code for the purpose. */
export const sendOtp = (purpose: OtpPurpose) =>
  apiClient.get('auth/send-otp', { schema: z.unknown(), query: { purpose } });

export const useSendOtp = () => useMutation({ mutationFn: sendOtp });
