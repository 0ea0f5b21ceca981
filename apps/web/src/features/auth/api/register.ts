import { registerData, type RegisterBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { saveReferralCode } from '../../../lib/auth-store.ts';

/** POST auth/register (no auth) → message and data.referral_code. */
export const register = (body: RegisterBody) =>
  apiClient.post('auth/register', body, { schema: registerData, auth: false });

/** Registers; the new Registered ID is kept to prefill the sign-in and OTP forms. */
export function useRegister() {
  return useMutation({
    mutationFn: register,
    onSuccess: ({ data }) => saveReferralCode(data.referral_code),
  });
}
