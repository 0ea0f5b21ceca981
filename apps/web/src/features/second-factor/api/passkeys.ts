import {
  passkeyAddedData,
  passkeysData,
  passkeyView,
  stepUpData,
  webauthnOptionsData,
  type PasskeyRenameBody,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { answerWithPasskey, createPasskey } from '../../../lib/webauthn.ts';
import { secondFactorKey } from './get-second-factor.ts';

// A member's passkeys (decision 0048): list, add (the password, then the device creates it),
// rename, remove, and whether one may sign in alone. A change reads the list and the two-factor
// state again, since a passkey is a second factor too.

export const passkeysKey = ['passkeys'] as const;

/** GET auth/passkeys → the passkeys and whether one may sign in alone. */
export const usePasskeys = () =>
  useQuery({
    queryKey: passkeysKey,
    queryFn: ({ signal }) =>
      apiClient.get('auth/passkeys', { schema: passkeysData, signal }).then(({ data }) => data),
  });

function useRefreshPasskeys() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: passkeysKey });
    void client.invalidateQueries({ queryKey: secondFactorKey });
  };
}

/**
 * POST auth/passkeys/options {password} → the device creates the passkey → POST auth/passkeys
 * {name, response}: the passkey, and recovery codes when it is the first second factor.
 */
export async function addPasskey(input: { name: string; password: string }) {
  const { data } = await apiClient.post(
    'auth/passkeys/options',
    { password: input.password },
    { schema: webauthnOptionsData },
  );
  const response = await createPasskey(data.options);
  return apiClient.post(
    'auth/passkeys',
    { name: input.name, response },
    { schema: passkeyAddedData },
  );
}

export const useAddPasskey = () =>
  useMutation({ mutationFn: addPasskey, onSettled: useRefreshPasskeys() });

export const useRenamePasskey = () =>
  useMutation({
    mutationFn: ({ id, ...body }: PasskeyRenameBody & { id: string }) =>
      apiClient.patch(`auth/passkeys/${id}`, body, { schema: passkeyView }),
    onSuccess: useRefreshPasskeys(),
  });

export const useRemovePasskey = () =>
  useMutation({
    mutationFn: (id: string) => apiClient.delete(`auth/passkeys/${id}`, { schema: z.null() }),
    onSettled: useRefreshPasskeys(),
  });

export const useSetPasskeySignIn = () =>
  useMutation({
    mutationFn: (enabled: boolean) =>
      apiClient.put('auth/passkeys/sign-in', { enabled }, { schema: z.null() }),
    onSettled: useRefreshPasskeys(),
  });

/**
 * Step-up with a passkey: POST auth/second-factor/passkey-options → the device signs →
 * POST auth/second-factor/verify-passkey; the session counts as fresh for 5 minutes.
 */
export async function verifyStepUpWithPasskey() {
  const { data } = await apiClient.post('auth/second-factor/passkey-options', undefined, {
    schema: webauthnOptionsData,
  });
  const response = await answerWithPasskey(data.options);
  return apiClient.post('auth/second-factor/verify-passkey', { response }, { schema: stepUpData });
}

export const useVerifyStepUpWithPasskey = () =>
  useMutation({ mutationFn: verifyStepUpWithPasskey });
