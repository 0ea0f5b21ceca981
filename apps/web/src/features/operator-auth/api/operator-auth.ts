import {
  operatorLoginData,
  operatorView,
  type OperatorLoginBody,
  type OperatorView,
} from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { request } from '../../../lib/api-client.ts';
import { operatorApi } from '../../../lib/operator-client.ts';
import {
  clearOperatorSession,
  saveOperatorSession,
  useOperatorSession,
} from '../../../lib/operator-session.ts';
import { operatorKeys } from '../../../lib/operator-query-keys.ts';

/** POST operator/auth/login: sent without any token; a refusal stays on the sign-in screen. */
export const operatorLogin = (body: OperatorLoginBody) =>
  request('POST', 'operator/auth/login', { body, auth: false, schema: operatorLoginData });

export const useOperatorLogin = () =>
  useMutation({
    mutationFn: operatorLogin,
    onSuccess: ({ data }) => saveOperatorSession(data.access_token, data.operator),
  });

/** Signing out always succeeds here, even if the server cannot be reached. */
export const useOperatorSignOut = () =>
  useMutation({
    mutationFn: () => operatorApi.post('auth/logout', {}, { schema: z.unknown(), silent: true }),
    onSettled: clearOperatorSession,
  });

/**
 * The signed-in operator, as stored at sign-in and refreshed from GET operator/auth/me: a role
 * an admin changed meanwhile shows on the next screen, and a session that ended (idle, disabled,
 * signed out elsewhere) answers 401, which ends it here too.
 */
export function useCurrentOperator(): OperatorView | null {
  const session = useOperatorSession();
  const me = useQuery({
    queryKey: operatorKeys.me(),
    queryFn: ({ signal }) => operatorApi.get('auth/me', { schema: operatorView, signal }),
    enabled: session !== null,
    staleTime: 60_000,
  });
  const fresh = me.data?.data;
  useEffect(() => {
    if (
      session &&
      fresh &&
      (fresh.role !== session.operator.role || fresh.email !== session.operator.email)
    ) {
      saveOperatorSession(session.token, fresh);
    }
  }, [session, fresh]);
  return session?.operator ?? null;
}
