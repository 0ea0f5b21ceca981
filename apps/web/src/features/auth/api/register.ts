import { registerData, type RegisterBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { saveReferralCode } from '../../../lib/auth-store.ts';
import { sendWithProof, type ProofOfWork } from '../proof-of-work/use-proof-of-work.ts';

/** POST auth/register (no auth) → message and data.referral_code. */
export const register = (body: RegisterBody) =>
  apiClient.post('auth/register', body, { schema: registerData, auth: false });

/**
 * Registers, with a solved robot check (decision 0050); the new Registered ID is kept to prefill
 * the sign-in and OTP forms.
 */
export function useRegister(proofOfWork: ProofOfWork) {
  return useMutation({
    mutationFn: (body: RegisterBody) =>
      sendWithProof(proofOfWork, true, (proof) => register({ ...body, proofOfWork: proof })),
    onSuccess: ({ data }) => saveReferralCode(data.referral_code),
  });
}
