import { totpSetupData, type TotpSetupBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useRefreshSecondFactor } from './get-second-factor.ts';

/**
 * POST auth/second-factor/totp/setup {password} → a new secret, its otpauth URI and QR code.
 * Nothing is on yet: the server keeps the seed unconfirmed, and a new setup replaces it.
 */
export const setUpTotp = (body: TotpSetupBody) =>
  apiClient.post('auth/second-factor/totp/setup', body, { schema: totpSetupData });

export function useSetUpTotp() {
  // Only a 409 (on already) changes what the card should show.
  const { onError } = useRefreshSecondFactor();
  return useMutation({ mutationFn: setUpTotp, onError });
}
