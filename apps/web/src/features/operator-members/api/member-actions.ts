import {
  impersonationData,
  passkeysData,
  secondFactorStatusData,
  type MemberStatusBody,
  type SecondFactorResetBody,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { operatorApi } from '../../../lib/operator-client.ts';
import { memberKeys } from './query-keys.ts';

const actionPath = (id: string, action: string) => `members/${encodeURIComponent(id)}/${action}`;

/** After a change every member query is stale: the page's chip and the list's. */
function useRefreshMembers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: memberKeys.all });
}

/** POST operator/members/:id/block or /unblock with the reason the audit log keeps. */
export function useSetMemberStatus(id: string) {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: ({ block, ...body }: MemberStatusBody & { block: boolean }) =>
      operatorApi.post(actionPath(id, block ? 'block' : 'unblock'), body, { schema: z.null() }),
    onSettled: refresh,
  });
}

/** POST operator/members/:id/resend-verification: a fresh code mailed to the member. */
export const useResendVerification = (id: string) =>
  useMutation({
    mutationFn: () =>
      operatorApi.post(actionPath(id, 'resend-verification'), {}, { schema: z.null() }),
  });

/** POST operator/members/:id/impersonate → a 15-minute read-only member session. */
export const useImpersonate = (id: string) =>
  useMutation({
    mutationFn: () =>
      operatorApi.post(actionPath(id, 'impersonate'), {}, { schema: impersonationData }),
  });

/** GET operator/members/:id/second-factor: whether the authenticator is on, since when. */
export const useMemberSecondFactor = (id: string) =>
  useQuery({
    queryKey: memberKeys.secondFactor(id),
    queryFn: ({ signal }) =>
      operatorApi
        .get(actionPath(id, 'second-factor'), { schema: secondFactorStatusData, signal })
        .then(({ data }) => data),
  });

/** GET operator/members/:id/passkeys: names, added, last used (nothing secret; decision 0048). */
export const useMemberPasskeys = (id: string) =>
  useQuery({
    queryKey: memberKeys.passkeys(id),
    queryFn: ({ signal }) =>
      operatorApi
        .get(actionPath(id, 'passkeys'), { schema: passkeysData, signal })
        .then(({ data }) => data),
  });

/** POST operator/members/:id/second-factor/reset (admins) with the reason the audit log keeps. */
export function useResetSecondFactor(id: string) {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: (body: SecondFactorResetBody) =>
      operatorApi.post(actionPath(id, 'second-factor/reset'), body, { schema: z.null() }),
    onSettled: refresh,
  });
}
