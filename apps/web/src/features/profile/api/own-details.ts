import {
  ownDetailsData,
  type EmailChangeBody,
  type EmailChangeConfirmBody,
  type OwnDetailsBody,
} from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { ME_QUERY_KEY } from '../../../lib/auth-store.ts';

// The member's own details from the profile (decision 0059). Each change reads auth/me again,
// which also updates the stored copy the menu and the header show.

const useRefreshingMe = <T>(mutationFn: (body: T) => Promise<{ message: string }>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
};

/** PATCH auth/profile {name?, mobile_number?}. */
export const useChangeOwnDetails = () =>
  useRefreshingMe((body: OwnDetailsBody) =>
    apiClient.patch('auth/profile', body, { schema: ownDetailsData }),
  );

/** POST auth/email-change {email, password}: a code goes to the new address. */
export const useStartEmailChange = () =>
  useMutation({
    mutationFn: (body: EmailChangeBody) =>
      apiClient.post('auth/email-change', body, { schema: z.null() }),
  });

/** POST auth/email-change/confirm {email, otp}: the new address replaces the old one. */
export const useConfirmEmailChange = () =>
  useRefreshingMe((body: EmailChangeConfirmBody) =>
    apiClient.post('auth/email-change/confirm', body, { schema: z.null() }),
  );
