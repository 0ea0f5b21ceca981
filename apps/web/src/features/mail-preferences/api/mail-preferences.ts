import { mailPreferencesData, type MailPreference } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const mailPreferencesKey = ['mail-preferences'] as const;

/** GET auth/mail-preferences → every mail kind with the member's setting. */
export const useMailPreferences = () =>
  useQuery({
    queryKey: mailPreferencesKey,
    queryFn: ({ signal }) =>
      apiClient
        .get('auth/mail-preferences', { schema: mailPreferencesData, signal })
        .then(({ data }) => data),
  });

/**
 * PUT auth/mail-preferences with the one kind switched: the answer (every kind as saved) becomes
 * the query's data; on a failure (toasted by the API client) the list is read again, so the
 * switch shows what is saved.
 */
export function useSetMailPreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (preference: MailPreference) =>
      apiClient
        .put(
          'auth/mail-preferences',
          { preferences: [preference] },
          { schema: mailPreferencesData },
        )
        .then(({ data }) => data),
    onSuccess: (data) => client.setQueryData(mailPreferencesKey, data),
    onError: () => client.invalidateQueries({ queryKey: mailPreferencesKey }),
  });
}
