import type { SendOtpRequestQuery } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

/** GET auth/send-otp?purpose=payout-address: mails a code good for this one address. */
export const sendAddressCode = (address: string) =>
  apiClient.get('auth/send-otp', {
    schema: z.unknown(),
    query: { purpose: 'payout-address', address } satisfies SendOtpRequestQuery,
  });

export const useSendAddressCode = () => useMutation({ mutationFn: sendAddressCode });
