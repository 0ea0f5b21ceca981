import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/auth-store.ts';

/** POST auth/logout (auth): ends the session on the server too. */
export const logout = () =>
  apiClient.post('auth/logout', {}, { schema: z.unknown(), silent: true });

/**
 * Signing out always succeeds locally: if the server cannot be reached the token is still
 * forgotten here. (The providers drop the member's cached data when the token goes.)
 */
export const useSignOut = () => useMutation({ mutationFn: logout, onSettled: clearSession });
