import {
  operatorLoginData,
  operatorMeData,
  type OperatorLoginBody,
  type OperatorView,
  type SecondFactorLoginBody,
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

/**
 * POST operator/auth/login/second-factor: the challenge of a password step that answered
 * SECOND_FACTOR_REQUIRED and a code from the authenticator app or a recovery code (decision 0049).
 */
export const operatorLoginSecondFactor = (body: SecondFactorLoginBody) =>
  request('POST', 'operator/auth/login/second-factor', {
    body,
    auth: false,
    schema: operatorLoginData,
  });

const saveSignIn = ({ data }: { data: { access_token: string; operator: OperatorView } }) =>
  saveOperatorSession(data.access_token, data.operator);

export const useOperatorLogin = () =>
  useMutation({ mutationFn: operatorLogin, onSuccess: saveSignIn });

export const useOperatorLoginSecondFactor = () =>
  useMutation({ mutationFn: operatorLoginSecondFactor, onSuccess: saveSignIn });

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
  const fresh = useOperatorMe(session !== null).data?.data;
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

/** GET operator/auth/me: the operator and the state of their second factor. */
const useOperatorMe = (enabled: boolean) =>
  useQuery({
    queryKey: operatorKeys.me(),
    queryFn: ({ signal }) => operatorApi.get('auth/me', { schema: operatorMeData, signal }),
    enabled,
    staleTime: 60_000,
  });

/**
 * Whether this server requires the operator to set up an authenticator app before anything else
 * in the console (decision 0049): the console then opens only the Security screen. Undefined
 * until who-am-I first answers, so no other screen starts and fails meanwhile; a who-am-I that
 * failed (while it is retried) counts as no: the server refuses what the operator may not do.
 */
export function useMustEnrolSecondFactor(): boolean | undefined {
  const session = useOperatorSession();
  const me = useOperatorMe(session !== null);
  if (me.isPending && me.failureCount === 0) return undefined;
  return me.data?.data.secondFactor.enrolmentRequired ?? false;
}
