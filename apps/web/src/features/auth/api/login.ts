import { loginData, type loginForm } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/auth-store.ts';
import { dismissToasts } from '../../../lib/toast.ts';

export type LoginValues = z.output<typeof loginForm>;

/** POST auth/login (no auth) → data.access_token and data.user. */
export const login = (body: LoginValues) =>
  apiClient.post('auth/login', body, { schema: loginData, auth: false });

/** Signs in and keeps the session (accessToken and userDetail) in this browser. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ data }) => {
      dismissToasts();
      saveSession(data.access_token, data.user);
    },
  });
}
