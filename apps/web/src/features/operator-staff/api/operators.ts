import {
  operatorLoginData,
  staffOperatorList,
  staffOperatorView,
  type AcceptInviteBody,
  type InviteOperatorBody,
  type SecondFactorResetBody,
  type UpdateOperatorBody,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../../../lib/api-client.ts';
import { operatorApi } from '../../../lib/operator-client.ts';
import { operatorKeys } from '../../../lib/operator-query-keys.ts';
import { saveOperatorSession } from '../../../lib/operator-session.ts';
import { notifySuccess } from '../../../lib/toast.ts';

export const staffKeys = { list: () => operatorKeys.area('operators', 'list') };

/** GET operator/operators (admin): every operator with role, status and last sign-in. */
export const useOperators = (enabled = true) =>
  useQuery({
    queryKey: staffKeys.list(),
    queryFn: ({ signal }) =>
      operatorApi.get('operators', { schema: staffOperatorList, signal }).then(({ data }) => data),
    enabled,
  });

/** Each change is answered with a toast and the list read again. */
function useStaffMutation<V>(send: (variables: V) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ message }) => {
      notifySuccess(message);
      return client.invalidateQueries({ queryKey: staffKeys.list() });
    },
  });
}

export const useInviteOperator = () =>
  useStaffMutation((body: InviteOperatorBody) =>
    operatorApi.post('operators', body, { schema: staffOperatorView }),
  );

export const useUpdateOperator = () =>
  useStaffMutation(({ id, ...body }: UpdateOperatorBody & { id: string }) =>
    operatorApi.patch(`operators/${encodeURIComponent(id)}`, body, { schema: z.null() }),
  );

export const useResendInvite = () =>
  useStaffMutation((id: string) =>
    operatorApi.post(`operators/${encodeURIComponent(id)}/resend-invite`, {}, { schema: z.null() }),
  );

/**
 * POST operator/operators/:id/second-factor/reset (admins) with the reason the audit log keeps:
 * the operator's authenticator goes and their sessions end (decision 0049).
 */
export const useResetOperatorSecondFactor = (id: string) =>
  useStaffMutation((body: SecondFactorResetBody) =>
    operatorApi.post(`operators/${encodeURIComponent(id)}/second-factor/reset`, body, {
      schema: z.null(),
    }),
  );

/** POST operator/auth/accept-invite (public): sets the password and signs the operator in. */
export const useAcceptInvite = () =>
  useMutation({
    mutationFn: (body: AcceptInviteBody) =>
      request('POST', 'operator/auth/accept-invite', {
        body,
        auth: false,
        schema: operatorLoginData,
      }),
    onSuccess: ({ data }) => saveOperatorSession(data.access_token, data.operator),
  });
