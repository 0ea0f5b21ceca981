import { memberMeData } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { ME_QUERY_KEY, saveUserDetail, useUserDetail } from '../../../lib/auth-store.ts';

/**
 * GET auth/me → the signed-in member, as the login answer describes them, and whether this is
 * an operator's read-only session (readOnly).
 */
export const getMe = (signal?: AbortSignal) =>
  apiClient.get('auth/me', { schema: memberMeData, signal });

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: async ({ signal }) => {
      const { data } = await getMe(signal);
      // The stored userDetail follows the server: a name change, a verified email, or a
      // session handed over by ?accessToken= (which comes without any userDetail).
      // The stored copy keeps the contract's userDetail: readOnly belongs to the session.
      const { readOnly: _readOnly, ...member } = data;
      saveUserDetail(member);
      return data;
    },
  });

/** The signed-in member: the stored copy at once, refreshed from the server. */
export function useMe() {
  const stored = useUserDetail();
  const { data } = useQuery(meQueryOptions());
  return data ?? stored;
}

/** True in a session an operator opened to see the app as the member (decision 0026). */
export function useIsReadOnlySession(): boolean {
  const { data } = useQuery(meQueryOptions());
  return data?.readOnly ?? false;
}
