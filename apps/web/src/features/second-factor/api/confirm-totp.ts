import { recoveryCodesData, type TotpConfirmBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useRefreshSecondFactor } from './get-second-factor.ts';

/**
 * POST auth/second-factor/totp/confirm {code}: a first code from the app turns the factor on;
 * the answer is the 10 recovery codes, shown this once.
 */
export const confirmTotp = (body: TotpConfirmBody) =>
  apiClient.post('auth/second-factor/totp/confirm', body, { schema: recoveryCodesData });

export const useConfirmTotp = () =>
  useMutation({ mutationFn: confirmTotp, ...useRefreshSecondFactor() });
