import { recoveryCodesData, type RecoveryCodesBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useRefreshSecondFactor } from './get-second-factor.ts';

/**
 * POST auth/second-factor/recovery-codes {code}: 10 new recovery codes, shown this once; every
 * earlier one stops working.
 */
export const regenerateRecoveryCodes = (body: RecoveryCodesBody) =>
  apiClient.post('auth/second-factor/recovery-codes', body, { schema: recoveryCodesData });

export const useRegenerateRecoveryCodes = () =>
  useMutation({ mutationFn: regenerateRecoveryCodes, ...useRefreshSecondFactor() });
