import type { TotpDisableBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { useRefreshSecondFactor } from './get-second-factor.ts';

/**
 * POST auth/second-factor/totp/disable {password, code}: the code is the app's or a recovery
 * code. Signing in then takes the password alone.
 */
export const disableTotp = (body: TotpDisableBody) =>
  apiClient.post('auth/second-factor/totp/disable', body, { schema: z.null() });

export const useDisableTotp = () =>
  useMutation({ mutationFn: disableTotp, ...useRefreshSecondFactor() });
