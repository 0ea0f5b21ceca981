import type { OtpVerifyBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { getUserDetail, saveUserDetail } from '../../../lib/auth-store.ts';

/** POST auth/otp-verify (no auth): confirms the email with the mailed 6-digit code. */
export const verifyOtp = (body: OtpVerifyBody) =>
  apiClient.post('auth/otp-verify', body, { schema: z.unknown(), auth: false });

export function useVerifyOtp() {
  return useMutation({
    mutationFn: verifyOtp,
    onSuccess: () => {
      // A signed-in member's stored profile should stop asking for verification at once.
      const user = getUserDetail();
      if (user && !user.verified) saveUserDetail({ ...user, verified: true });
    },
  });
}
