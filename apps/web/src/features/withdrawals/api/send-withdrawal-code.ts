import type { SendOtpRequestQuery, WithdrawalWallet } from '@app/contracts';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { useCodeSender } from '../../../lib/use-code-sender.ts';

export type WithdrawalCodeFor = { wallet: WithdrawalWallet; amount: string };

/**
 * GET auth/send-otp?purpose=withdrawal: mails a code good only for this wallet and amount
 * (and the saved payout address, which the server adds itself).
 */
export const sendWithdrawalCode = ({ wallet, amount }: WithdrawalCodeFor) =>
  apiClient.get('auth/send-otp', {
    schema: z.unknown(),
    query: { purpose: 'withdrawal', wallet, amount } satisfies SendOtpRequestQuery,
  });

export const useSendWithdrawalCode = () => useCodeSender(sendWithdrawalCode);
