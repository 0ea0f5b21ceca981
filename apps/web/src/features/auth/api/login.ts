import { loginData, type loginForm } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/auth-store.ts';
import { dismissToasts } from '../../../lib/toast.ts';
import { sendWithProof, type ProofOfWork } from '../proof-of-work/use-proof-of-work.ts';

export type LoginValues = z.output<typeof loginForm>;

/** POST auth/login (no auth) → data.access_token and data.user. */
export const login = (body: LoginValues) =>
  apiClient.post('auth/login', body, { schema: loginData, auth: false });

/**
 * Signs in and keeps the session (accessToken and userDetail) in this browser. A robot check is
 * sent `withProof` (after a failure); when the server asks for one, it is solved and the sign-in
 * sent again (decision 0050).
 */
export function useLogin(proofOfWork: ProofOfWork, withProof: boolean) {
  return useMutation({
    mutationFn: (body: LoginValues) =>
      sendWithProof(proofOfWork, withProof, (proof) =>
        login(proof ? { ...body, proofOfWork: proof } : body),
      ),
    onSuccess: ({ data }) => {
      dismissToasts();
      saveSession(data.access_token, data.user);
    },
  });
}
