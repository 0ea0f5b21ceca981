import type { OtpPurpose } from '@app/contracts';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { useCodeSender } from '../../../lib/use-code-sender.ts';

/** GET auth/send-otp (auth): mails a fresh code for the purpose. */
export const sendOtp = (purpose: OtpPurpose) =>
  apiClient.get('auth/send-otp', { schema: z.unknown(), query: { purpose } });

export const useSendOtp = () => useCodeSender(sendOtp);
