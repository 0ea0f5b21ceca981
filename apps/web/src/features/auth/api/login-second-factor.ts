import { loginData, type SecondFactorLoginBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/auth-store.ts';
import { dismissToasts } from '../../../lib/toast.ts';

/** POST auth/login/second-factor (no auth): the challenge and a code → as auth/login. */
export const loginSecondFactor = (body: SecondFactorLoginBody) =>
  apiClient.post('auth/login/second-factor', body, { schema: loginData, auth: false });

/** Finishes a two-step sign-in and keeps the session in this browser. */
export function useLoginSecondFactor() {
  return useMutation({
    mutationFn: loginSecondFactor,
    onSuccess: ({ data }) => {
      dismissToasts();
      saveSession(data.access_token, data.user);
    },
  });
}
