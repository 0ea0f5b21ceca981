import {
  verificationRequirementsData,
  verificationSettings,
  type VerificationRequirements,
  type VerificationSettings,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operatorApi } from '../../../lib/operator-client.ts';
import { operatorKeys } from '../../../lib/operator-query-keys.ts';

const settingsKey = () => operatorKeys.area('settings', 'verification');
const requirementsKey = () => operatorKeys.area('verification-requirements');

/** GET operator/settings/verification (admin): when verification is required. */
export const useVerificationSettings = () =>
  useQuery({
    queryKey: settingsKey(),
    queryFn: ({ signal }) =>
      operatorApi
        .get('settings/verification', { schema: verificationSettings, signal })
        .then(({ data }) => data),
  });

/** PUT operator/settings/verification (audited). */
export function useSaveVerificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerificationSettings) =>
      operatorApi.put('settings/verification', body, { schema: verificationSettings }),
    onSuccess: ({ data }) => queryClient.setQueryData(settingsKey(), data),
  });
}

/** GET operator/verification-requirements: the current version. */
export const useRequirements = () =>
  useQuery({
    queryKey: requirementsKey(),
    queryFn: ({ signal }) =>
      operatorApi
        .get('verification-requirements', { schema: verificationRequirementsData, signal })
        .then(({ data }) => data),
  });

/** PUT operator/verification-requirements: publishes the next version (audited). */
export function usePublishRequirements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerificationRequirements) =>
      operatorApi.put('verification-requirements', body, { schema: verificationRequirementsData }),
    onSuccess: ({ data }) => queryClient.setQueryData(requirementsKey(), data),
  });
}
