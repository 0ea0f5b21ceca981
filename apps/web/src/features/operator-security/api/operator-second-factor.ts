import {
  operatorSecondFactorStatus,
  recoveryCodesData,
  stepUpData,
  totpSetupData,
  type OperatorCodeBody,
  type RecoveryCodesBody,
  type TotpConfirmBody,
  type TotpSetupBody,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operatorApi } from '../../../lib/operator-client.ts';
import { operatorKeys } from '../../../lib/operator-query-keys.ts';

// The signed-in operator's own authenticator app (decision 0049): its state, the enrolment,
// new recovery codes and the step-up, under operator/auth/second-factor.

const statusKey = () => operatorKeys.area('second-factor');

export const useOperatorSecondFactor = () =>
  useQuery({
    queryKey: statusKey(),
    queryFn: ({ signal }) =>
      operatorApi.get('auth/second-factor', { schema: operatorSecondFactorStatus, signal }),
    select: ({ data }) => data,
  });

/** After a change: the factor's state, and who-am-I (whether the console still waits for it). */
function useRefresh() {
  const client = useQueryClient();
  return {
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: statusKey() }),
        client.invalidateQueries({ queryKey: operatorKeys.me() }),
      ]),
  };
}

/** POST operator/auth/second-factor/totp/setup {password}: a new secret, shown once. */
export const useSetUpOperatorTotp = () =>
  useMutation({
    mutationFn: (body: TotpSetupBody) =>
      operatorApi.post('auth/second-factor/totp/setup', body, { schema: totpSetupData }),
  });

/** POST operator/auth/second-factor/totp/confirm {code}: on, with 10 recovery codes shown once. */
export const useConfirmOperatorTotp = () =>
  useMutation({
    mutationFn: (body: TotpConfirmBody) =>
      operatorApi.post('auth/second-factor/totp/confirm', body, { schema: recoveryCodesData }),
    ...useRefresh(),
  });

/** POST operator/auth/second-factor/recovery-codes {code}: every earlier code stops working. */
export const useRegenerateOperatorCodes = () =>
  useMutation({
    mutationFn: (body: RecoveryCodesBody) =>
      operatorApi.post('auth/second-factor/recovery-codes', body, { schema: recoveryCodesData }),
    ...useRefresh(),
  });

/** POST operator/auth/second-factor/verify {code}: the step-up of the console's session. */
export const verifyOperatorStepUp = (body: OperatorCodeBody) =>
  operatorApi.post('auth/second-factor/verify', body, { schema: stepUpData });
