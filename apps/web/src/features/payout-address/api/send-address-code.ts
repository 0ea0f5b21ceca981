import type { SendOtpRequestQuery } from '@app/contracts';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { useCodeSender } from '../../../lib/use-code-sender.ts';

/** GET auth/send-otp?purpose=payout-address: mails a code good for this one address. */
export const sendAddressCode = (address: string) =>
  apiClient.get('auth/send-otp', {
    schema: z.unknown(),
    query: { purpose: 'payout-address', address } satisfies SendOtpRequestQuery,
  });

export const useSendAddressCode = () => useCodeSender(sendAddressCode);
