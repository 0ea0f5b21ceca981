import { signInHistoryData } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET auth/sign-in-history → the latest attempts on the member's account, newest first. */
export const useSignInHistory = () =>
  useQuery({
    queryKey: ['sign-in-history'],
    queryFn: ({ signal }) =>
      apiClient
        .get('auth/sign-in-history', { schema: signInHistoryData, signal })
        .then(({ data }) => data),
  });
